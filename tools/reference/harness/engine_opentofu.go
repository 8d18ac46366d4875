package main

// OpenTofu's function table, marks and console format.

import (
	"encoding/json"
	"fmt"
	"github.com/hashicorp/hcl/v2"
	"github.com/opentofu/opentofu/internal/lang"
	"github.com/opentofu/opentofu/internal/lang/marks"
	"github.com/opentofu/opentofu/internal/lang/types"
	"github.com/opentofu/opentofu/internal/repl"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

const hasConsole = true

// engineContext is the context an expression is evaluated in: the
// variables as given.
func engineContext(vars map[string]cty.Value, _ map[string]json.RawMessage, funcs map[string]function.Function) (*hcl.EvalContext, error) {
	return &hcl.EvalContext{Variables: vars, Functions: funcs}, nil
}

// projectContext: the harness has no whole configurations here.
func projectContext(json.RawMessage) (*hcl.EvalContext, error) {
	return nil, fmt.Errorf("no project mode for this engine")
}

func engineFunctions() map[string]function.Function {
	scope := &lang.Scope{BaseDir: ".", ConsoleMode: true}
	return scope.Functions()
}

// consoleText is what the console prints for v: the type for the console's
// type(), or false when type() was used inside an expression.
func consoleText(v cty.Value) (text string, ty *cty.Type, ok bool) {
	if marks.Contains(v, marks.TypeType) {
		v, _ = v.UnmarkDeep()
		if !v.Type().Equals(types.TypeType) {
			return "", nil, false
		}
		t := *v.EncapsulatedValue().(*cty.Type)
		return repl.HarnessTypeString(t), &t, true
	}
	return repl.FormatValue(v, 0), nil, true
}

func markSensitive(v cty.Value) cty.Value { return v.Mark(marks.Sensitive) }

func markEphemeral(v cty.Value) cty.Value { return v.Mark(marks.Ephemeral) }
