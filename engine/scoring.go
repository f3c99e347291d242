package engine

import "github.com/traitome/oxo-call/rules"

// sc is Stage 3's hand-set scoring (rules/weights.yaml, block scoring).
var sc = &rules.BuiltinWeights().Scoring
