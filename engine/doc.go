// Package engine runs oxo-call's five stages — resolve the tool, explore its
// help into a ToolDoc, map the task onto it, assemble argv, validate — and
// records every decision in a Trace. It orchestrates: help parsing lives in
// parsers, knowledge in rules and skills, model calls in llm. Side effects
// (running programs, the disk, the clock) sit behind small interfaces so
// tests can pass fakes.
package engine
