package llm

import (
	"encoding/json"
	"strings"
)

// errorMessage extracts the human-readable message from the error bodies
// the supported providers send ({"error":{"message":…}}, {"error":"…"},
// {"message":…}, GitHub's error_description); other bodies are returned
// as they are.
func errorMessage(raw []byte) string {
	var body struct {
		Error       json.RawMessage `json:"error"`
		Message     string          `json:"message"`
		Description string          `json:"error_description"`
	}
	if json.Unmarshal(raw, &body) != nil {
		return string(raw)
	}
	switch {
	case present(body.Error):
		return errorValue(body.Error)
	case body.Description != "":
		return body.Description
	case body.Message != "":
		return body.Message
	}
	return string(raw)
}

// errorValue describes the value of an "error" field: a string, or an
// object with message and optional type.
func errorValue(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var obj struct {
		Message string `json:"message"`
		Type    string `json:"type"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.Message != "" {
		if obj.Type != "" && !strings.Contains(obj.Message, obj.Type) {
			return obj.Type + ": " + obj.Message
		}
		return obj.Message
	}
	return string(raw)
}

// present reports whether a JSON field was sent with a non-null value.
func present(raw json.RawMessage) bool {
	return len(raw) > 0 && string(raw) != "null"
}
