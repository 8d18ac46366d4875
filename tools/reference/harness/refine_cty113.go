package main

// Refinements of unknown values: go-cty 1.13 and later (Terraform,
// OpenTofu).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/zclconf/go-cty/cty"
)

func refinedUnknown(ty cty.Type, obj map[string]json.RawMessage) (cty.Value, error) {
	v := cty.UnknownVal(ty)
	if len(obj) == 1 {
		return v, nil
	}
	b := v.Refine()
	for k, raw := range obj {
		var err error
		switch k {
		case "__unknown__", "lower_inclusive", "upper_inclusive":
		case "notnull":
			var yes bool
			if err = json.Unmarshal(raw, &yes); yes {
				b = b.NotNull()
			}
		case "prefix":
			var p string
			if err = json.Unmarshal(raw, &p); err == nil {
				b = b.StringPrefix(p)
			}
		case "lower", "upper":
			var num json.Number
			if err = json.Unmarshal(raw, &num); err == nil {
				n, _, perr := big.ParseFloat(num.String(), 10, 512, big.ToNearestEven)
				if perr != nil {
					return cty.NilVal, perr
				}
				incl := true
				if r, ok := obj[k+"_inclusive"]; ok {
					_ = json.Unmarshal(r, &incl)
				}
				if k == "lower" {
					b = b.NumberRangeLowerBound(cty.NumberVal(n), incl)
				} else {
					b = b.NumberRangeUpperBound(cty.NumberVal(n), incl)
				}
			}
		case "minlen", "maxlen":
			var l int
			if err = json.Unmarshal(raw, &l); err == nil {
				if k == "minlen" {
					b = b.CollectionLengthLowerBound(l)
				} else {
					b = b.CollectionLengthUpperBound(l)
				}
			}
		default:
			return cty.NilVal, fmt.Errorf("unknown refinement %q", k)
		}
		if err != nil {
			return cty.NilVal, fmt.Errorf("refinement %q: %s", k, err)
		}
	}
	return b.NewValue(), nil
}

func writeRefinements(v cty.Value, buf *bytes.Buffer) {
	if v.Type() == cty.DynamicPseudoType {
		return
	}
	rng := v.Range()
	if !rng.CouldBeNull() {
		buf.WriteString(`,"notnull":true`)
	}
	if ty := v.Type(); ty == cty.String {
		if p := rng.StringPrefix(); p != "" {
			buf.WriteString(`,"prefix":`)
			writeString(buf, p)
		}
	} else if ty == cty.Number {
		if lo, incl := rng.NumberLowerBound(); lo.IsKnown() && !lo.RawEquals(cty.NegativeInfinity) {
			fmt.Fprintf(buf, `,"lower":%s,"lower_inclusive":%t`, lo.AsBigFloat().Text('f', -1), incl)
		}
		if hi, incl := rng.NumberUpperBound(); hi.IsKnown() && !hi.RawEquals(cty.PositiveInfinity) {
			fmt.Fprintf(buf, `,"upper":%s,"upper_inclusive":%t`, hi.AsBigFloat().Text('f', -1), incl)
		}
	} else if ty.IsCollectionType() {
		if lo := rng.LengthLowerBound(); lo > 0 {
			fmt.Fprintf(buf, `,"minlen":%d`, lo)
		}
		if hi := rng.LengthUpperBound(); hi < 1<<62 {
			fmt.Fprintf(buf, `,"maxlen":%d`, hi)
		}
	}
}
