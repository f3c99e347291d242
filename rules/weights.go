package rules

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

//go:embed weights.yaml
var weightsYAML []byte

// ConfidenceModel is Stage 3's logistic confidence model (weights.yaml).
type ConfidenceModel struct {
	Bias      float64            `yaml:"bias"`
	Threshold float64            `yaml:"threshold"`
	Features  map[string]float64 `yaml:"features"`
}

// Weights are the numbers Stage 3 uses: the fitted confidence model and
// the hand-set scoring.
type Weights struct {
	Confidence ConfidenceModel `yaml:"confidence"`
	Scoring    Scoring         `yaml:"scoring"`
}

// Scoring holds Stage 3's hand-set numbers; weights.yaml says what each does.
type Scoring struct {
	Choose struct {
		NameMentioned        float64 `yaml:"name_mentioned"`
		NameIdentifier       float64 `yaml:"name_identifier"`
		NamePart             float64 `yaml:"name_part"`
		NamePartVerb         float64 `yaml:"name_part_verb"`
		NameWord             float64 `yaml:"name_word"`
		NameConversion       float64 `yaml:"name_conversion"`
		DescriptionPhrase    float64 `yaml:"description_phrase"`
		NameConcept          float64 `yaml:"name_concept"`
		DescriptionConcept   float64 `yaml:"description_concept"`
		DescriptionWord      float64 `yaml:"description_word"`
		DescriptionKind      float64 `yaml:"description_kind"`
		DescriptionOtherKind float64 `yaml:"description_other_kind"`
		RareDescription      float64 `yaml:"rare_description_share"`
		FlagWord             float64 `yaml:"flag_word"`
		FlagWordMost         float64 `yaml:"flag_word_most"`
		KeywordPhrase        float64 `yaml:"keyword_phrase"`
		KeywordPhraseWord    float64 `yaml:"keyword_phrase_word"`
		KeywordWords         float64 `yaml:"keyword_words"`
		KeywordWordsExtra    float64 `yaml:"keyword_words_extra"`
		KeywordConcepts      float64 `yaml:"keyword_concepts"`
		OtherFileKinds       float64 `yaml:"other_file_kinds"`
		BestExample          float64 `yaml:"best_example"`
		SubcommandNeeded     float64 `yaml:"subcommand_needed"`
		NamedTool            float64 `yaml:"named_tool"`
		CloseCall            float64 `yaml:"close_call"`
		RunnerUpShare        float64 `yaml:"runner_up_share"`
		MarginScale          float64 `yaml:"margin_scale"`
	} `yaml:"choose"`
	Examples struct {
		ConceptOverlap float64 `yaml:"concept_overlap"`
		FileKindShare  float64 `yaml:"file_kind_share"`
		RegionMismatch float64 `yaml:"region_mismatch"`
		InputCountGap  float64 `yaml:"input_count_gap"`
		FlagNamed      float64 `yaml:"flag_named"`
	} `yaml:"examples"`
	Fit struct {
		ExampleMin          float64 `yaml:"example_min"`
		FlagRelevanceMin    float64 `yaml:"flag_relevance_min"`
		SwitchRelevanceMin  float64 `yaml:"switch_relevance_min"`
		SwitchNearMin       float64 `yaml:"switch_near_min"`
		ExampleLackMax      float64 `yaml:"example_lack_max"`
		ResidualRepeatMin   float64 `yaml:"residual_repeat_min"`
		PhraseHitsMin       float64 `yaml:"phrase_hits_min"`
		PhraseCoverMin      float64 `yaml:"phrase_cover_min"`
		PhraseRunMin        float64 `yaml:"phrase_run_min"`
		PhraseRunShare      float64 `yaml:"phrase_run_share"`
		NumberFitMin        float64 `yaml:"number_fit_min"`
		SameShape           float64 `yaml:"same_shape"`
		HelpFlagFitMin      float64 `yaml:"help_flag_fit_min"`
		HelpFlagLoneMin     float64 `yaml:"help_flag_lone_min"`
		ExactFlagName       float64 `yaml:"exact_flag_name"`
		CompoundWord        float64 `yaml:"compound_word"`
		InputKindNamed      float64 `yaml:"input_kind_named"`
		InputInUsage        float64 `yaml:"input_in_usage"`
		ExampleNumberWord   float64 `yaml:"example_number_word"`
		ValueFitMin         float64 `yaml:"value_fit_min"`
		SiblingShareMin     float64 `yaml:"sibling_share_min"`
		NegationAgrees      float64 `yaml:"negation_agrees"`
		SwitchRareMin       float64 `yaml:"switch_rare_min"`
		RareHitsMin         float64 `yaml:"rare_hits_min"`
		KindMeaningWords    float64 `yaml:"kind_meaning_words"`
		MeantChoiceShare    float64 `yaml:"meant_choice_share"`
		MeantChoiceMin      float64 `yaml:"meant_choice_min"`
		MeantChoiceLead     float64 `yaml:"meant_choice_lead"`
		NamedChoiceHelp     float64 `yaml:"named_choice_help"`
		CodeMinLength       float64 `yaml:"code_min_length"`
		CodeMinValues       float64 `yaml:"code_min_values"`
		UnmetWordFlagsMax   float64 `yaml:"unmet_word_flags_max"`
		OutputNameExt       float64 `yaml:"output_name_ext"`
		OutputNameUnsaid    float64 `yaml:"output_name_unsaid"`
		OutputNameSaid      float64 `yaml:"output_name_said"`
		OutputNamePartMin   float64 `yaml:"output_name_part_min"`
		OutputInUsage       float64 `yaml:"output_in_usage"`
		PlaceholderWordsMax float64 `yaml:"placeholder_words_max"`
	} `yaml:"fit"`
	Penalties struct {
		ExampleFileKept        float64 `yaml:"example_file_kept"`
		ExampleFileKeptNoFiles float64 `yaml:"example_file_kept_no_files"`
		TaskFileUnplaced       float64 `yaml:"task_file_unplaced"`
		OutputPositional       float64 `yaml:"output_positional"`
		NumberUnplaced         float64 `yaml:"number_unplaced"`
		NoInputFile            float64 `yaml:"no_input_file"`
	} `yaml:"penalties"`
}

// scoringValues lists every scoring number by its dotted name.
func (s *Scoring) scoringValues() map[string]float64 {
	out := map[string]float64{}
	for _, g := range []struct {
		name string
		v    reflect.Value
	}{{"choose", reflect.ValueOf(s.Choose)}, {"examples", reflect.ValueOf(s.Examples)}, {"fit", reflect.ValueOf(s.Fit)}, {"penalties", reflect.ValueOf(s.Penalties)}} {
		for i := 0; i < g.v.NumField(); i++ {
			out["scoring."+g.name+"."+g.v.Type().Field(i).Tag.Get("yaml")] = g.v.Field(i).Float()
		}
	}
	return out
}

// ParseWeights decodes a weights block strictly: unknown keys, a
// threshold outside (0, 1) or a non-finite number are errors.
func ParseWeights(b []byte) (*Weights, error) {
	if w, ok := parseWeightsFast(b); ok {
		return w, nil
	}
	return parseWeightsYAML(b)
}

// parseWeightsYAML is ParseWeights with the YAML decoder.
func parseWeightsYAML(b []byte) (*Weights, error) {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var w Weights
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("weights.yaml: %w", err)
	}
	if w.Confidence.Threshold <= 0 || w.Confidence.Threshold >= 1 {
		return nil, fmt.Errorf("weights.yaml: confidence.threshold %v is not in (0, 1)", w.Confidence.Threshold)
	}
	names := make([]string, 0, len(w.Confidence.Features))
	for k := range w.Confidence.Features {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range append([]string{""}, names...) {
		v := w.Confidence.Bias
		if k != "" {
			v = w.Confidence.Features[k]
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("weights.yaml: confidence weight %q is not a finite number", k)
		}
	}
	// Every scoring number is set (a missing key would silently be 0) and
	// finite.
	var top struct {
		Scoring map[string]map[string]float64 `yaml:"scoring"`
	}
	if err := yaml.Unmarshal(b, &top); err != nil {
		return nil, fmt.Errorf("weights.yaml: %w", err)
	}
	vals := w.Scoring.scoringValues()
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts := strings.Split(k, ".")
		if _, ok := top.Scoring[parts[1]][parts[2]]; !ok {
			return nil, fmt.Errorf("weights.yaml: %s is missing", k)
		}
		if math.IsNaN(vals[k]) || math.IsInf(vals[k], 0) {
			return nil, fmt.Errorf("weights.yaml: %s is not a finite number", k)
		}
	}
	if w.Scoring.Choose.MarginScale <= 0 {
		return nil, fmt.Errorf("weights.yaml: scoring.choose.margin_scale %v is not above 0 (it divides a score gap)", w.Scoring.Choose.MarginScale)
	}
	return &w, nil
}

var (
	weightsOnce sync.Once
	weights     *Weights
)

// BuiltinWeights returns the embedded weights; a broken block panics at
// start-up (the package's tests load it).
func BuiltinWeights() *Weights {
	weightsOnce.Do(func() {
		w, err := ParseWeights(weightsYAML)
		if err != nil {
			panic(err)
		}
		weights = w
	})
	return weights
}

// Score returns the model's confidence for a feature vector; features the
// model does not weigh are ignored and missing ones count as 0.
func (c ConfidenceModel) Score(x map[string]float64) float64 {
	z := c.Bias
	for k, v := range x {
		z += c.Features[k] * v
	}
	return 1 / (1 + math.Exp(-z))
}
