package main

// go-cty before 1.13 (Waypoint's 1.8.4) has no refinements: an unknown
// is only its type.

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/zclconf/go-cty/cty"
)

func refinedUnknown(ty cty.Type, obj map[string]json.RawMessage) (cty.Value, error) {
	if len(obj) == 1 {
		return cty.UnknownVal(ty), nil
	}
	// Any other key makes it an object, as the 2022 oracle reads it.
	attrs := make(map[string]cty.Value, len(obj))
	for k, raw := range obj {
		v, err := fromJSON(raw)
		if err != nil {
			return cty.NilVal, fmt.Errorf("%s: %s", k, err)
		}
		attrs[k] = v
	}
	return cty.ObjectVal(attrs), nil
}

func writeRefinements(v cty.Value, buf *bytes.Buffer) {}
