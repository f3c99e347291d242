// Package rules holds oxo-call's knowledge as data: YAML rule files whose
// `when` is an expr expression over a typed environment, and whose `then`
// is a typed value per kind. Rules are compiled once at load; evaluation
// returns the rules that fired, in priority order, each with its id and
// file:line so that every decision can be explained.
//
// Built-in packs live in <kind>/*.yaml beside this file and are embedded;
// users add or override rules (by id) in their own rules directory.
package rules
