package main

// go-cty before 1.13 (Waypoint's 1.8.4) has no refinements: an unknown
// is only its type.

import (
	"bytes"
	"encoding/json"

	"github.com/zclconf/go-cty/cty"
)

func refinedUnknown(ty cty.Type, obj map[string]json.RawMessage) (cty.Value, error) {
	if len(obj) == 1 {
		return cty.UnknownVal(ty), nil
	}
	// Any other key makes it an object, as the 2022 oracle reads it.
	return objectFromJSON(obj)
}

func writeRefinements(v cty.Value, buf *bytes.Buffer) {}
