// hcl-harness: evaluates HCL expressions and templates the way a reference
// engine (Terraform or OpenTofu, whichever module tree this file is built
// in: see engine_*.go) does, with the hcl and go-cty versions it pins and
// its own function table, and prints results as JSON Lines in the schema of
// ../shared/conformance, extended:
//
//	input:  {"id", "expr", "vars", "template", "filename"?}
//	output: {"id", "ok", "value", "type", "known", "console"} or
//	        {"id", "ok": false, "errors": ["Summary: detail", ...]}
//
// In "vars", {"__unknown__": "<type>"} is an unknown value, refined by any
// of "notnull": true, "prefix": "...", "lower"/"upper": number (with
// "lower_inclusive"/"upper_inclusive", default true), "minlen"/"maxlen";
// {"__sensitive__": v} and {"__ephemeral__": v} mark v. In "value" an
// unknown is written the same way, with the refinements cty knows of it.
// "console" is the engine's own console rendering (repl.FormatValue).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// engineName is set at build time (-ldflags "-X main.engineName=...").
var engineName = "unknown engine"

type input struct {
	ID       string          `json:"id"`
	Expr     *string         `json:"expr"`
	Vars     json.RawMessage `json:"vars"`
	Template bool            `json:"template"`
	Config   bool            `json:"config"`
	Filename string          `json:"filename"`
	// A whole configuration the expression is evaluated in (engines
	// that have one: see engine_*.go).
	Project json.RawMessage `json:"project"`
}

type output struct {
	ID      string          `json:"id"`
	OK      bool            `json:"ok"`
	Value   json.RawMessage `json:"value,omitempty"`
	Type    string          `json:"type,omitempty"`
	Known   *bool           `json:"known,omitempty"`
	Console *string         `json:"console,omitempty"`
	Errors  []string        `json:"errors,omitempty"`
	// For "config" inputs: the body's structure (see bodyOutline).
	Body any `json:"body,omitempty"`
	// Set when the failure is the harness's (a bad input line, a panic)
	// rather than an HCL diagnostic.
	Harness bool `json:"oracle_error,omitempty"`
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "--version" {
		fmt.Println(engineName)
		return
	}
	funcs := engineFunctions()
	if len(os.Args) > 1 && os.Args[1] == "--functions" {
		names := make([]string, 0, len(funcs))
		for n := range funcs {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Println(strings.Join(names, "\n"))
		return
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	n := 0
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			n++
			if e := enc.Encode(handle(line, n, funcs)); e != nil {
				fmt.Fprintf(os.Stderr, "hcl-harness: line %d: %s\n", n, e)
				os.Exit(2)
			}
			out.Flush()
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "hcl-harness: %s\n", err)
			os.Exit(2)
		}
	}
}

func failHarness(id, msg string) output {
	return output{ID: id, OK: false, Harness: true, Errors: []string{"harness: " + msg}}
}

func handle(line []byte, n int, funcs map[string]function.Function) (res output) {
	var in input
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if err := dec.Decode(&in); err != nil {
		return failHarness(fmt.Sprintf("line-%d", n), "invalid input line: "+err.Error())
	}
	defer func() {
		if r := recover(); r != nil {
			res = failHarness(in.ID, fmt.Sprintf("panic: %v\n%s", r, debug.Stack()))
		}
	}()
	if in.Expr == nil {
		return failHarness(in.ID, `missing "expr"`)
	}
	vars := map[string]cty.Value{}
	raws := map[string]json.RawMessage{}
	if len(in.Vars) > 0 && string(bytes.TrimSpace(in.Vars)) != "null" {
		var top map[string]json.RawMessage
		if err := json.Unmarshal(in.Vars, &top); err != nil {
			return failHarness(in.ID, `"vars" must be a JSON object: `+err.Error())
		}
		for k, raw := range top {
			raws[k] = raw
			if strings.HasPrefix(k, "__") {
				continue // the engine's own inputs (engine_*.go)
			}
			v, err := fromJSON(raw)
			if err != nil {
				return failHarness(in.ID, fmt.Sprintf("variable %q: %s", k, err))
			}
			vars[k] = v
		}
	}
	filename := in.Filename
	if filename == "" {
		filename = "corpus.hcl"
	}
	var ctx *hcl.EvalContext
	var err error
	if len(in.Project) > 0 {
		ctx, err = projectContext(in.Project)
		if diags, ok := err.(hcl.Diagnostics); ok {
			return output{ID: in.ID, Errors: diagStrings(diags)}
		}
	} else {
		ctx, err = engineContext(vars, raws, funcs)
	}
	if err != nil {
		return failHarness(in.ID, err.Error())
	}
	src := []byte(*in.Expr)
	start := hcl.Pos{Line: 1, Column: 1, Byte: 0}
	if in.Config {
		file, diags := hclsyntax.ParseConfig(src, filename, start)
		if diags.HasErrors() {
			return output{ID: in.ID, Errors: diagStrings(diags)}
		}
		return output{ID: in.ID, OK: true, Body: bodyOutline(file.Body.(*hclsyntax.Body), src)}
	}
	var expr hclsyntax.Expression
	var diags hcl.Diagnostics
	if in.Template {
		expr, diags = hclsyntax.ParseTemplate(src, filename, start)
	} else {
		expr, diags = hclsyntax.ParseExpression(src, filename, start)
	}
	if diags.HasErrors() {
		return output{ID: in.ID, Errors: diagStrings(diags)}
	}
	val, diags := expr.Value(ctx)
	if diags.HasErrors() {
		return output{ID: in.ID, Errors: diagStrings(diags)}
	}
	console, typeOf, ok := consoleText(val)
	if !ok {
		return output{ID: in.ID, Errors: []string{`Invalid use of type function: The console-only "type" function cannot be used as part of an expression.`}}
	}
	if typeOf != nil {
		// The console's type(x): the type as text, and x's type.
		var buf bytes.Buffer
		writeString(&buf, console)
		known := true
		return output{ID: in.ID, OK: true, Value: buf.Bytes(), Type: typeString(*typeOf), Known: &known, Console: &console}
	}
	var buf bytes.Buffer
	if err := render(val, &buf); err != nil {
		return failHarness(in.ID, "cannot render result: "+err.Error())
	}
	known := val.IsWhollyKnown()
	out := output{ID: in.ID, OK: true, Value: buf.Bytes(), Type: typeString(val.Type()), Known: &known}
	if hasConsole {
		out.Console = &console
	}
	return out
}

func diagStrings(diags hcl.Diagnostics) []string {
	var ret []string
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		s := d.Summary
		if d.Detail != "" {
			s += ": " + d.Detail
		}
		ret = append(ret, s)
	}
	return ret
}

// fromJSON reads a variable: objects become objects and arrays tuples (as
// cty's json package implies them), with the markers described above.
func fromJSON(raw json.RawMessage) (cty.Value, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return cty.NilVal, fmt.Errorf("empty JSON value")
	}
	switch raw[0] {
	case '{':
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return cty.NilVal, err
		}
		if tyRaw, ok := obj["__unknown__"]; ok {
			return unknownFromJSON(tyRaw, obj)
		}
		if inner, ok := obj["__sensitive__"]; ok && len(obj) == 1 {
			v, err := fromJSON(inner)
			return markSensitive(v), err
		}
		if inner, ok := obj["__ephemeral__"]; ok && len(obj) == 1 {
			v, err := fromJSON(inner)
			return markEphemeral(v), err
		}
		if !hasMarker(raw) {
			return leaf(raw)
		}
		return objectFromJSON(obj)
	case '[':
		if !hasMarker(raw) {
			return leaf(raw)
		}
		var arr []json.RawMessage
		if err := json.Unmarshal(raw, &arr); err != nil {
			return cty.NilVal, err
		}
		elems := make([]cty.Value, len(arr))
		for i, v := range arr {
			cv, err := fromJSON(v)
			if err != nil {
				return cty.NilVal, fmt.Errorf("[%d]: %s", i, err)
			}
			elems[i] = cv
		}
		return cty.TupleVal(elems), nil
	}
	return leaf(raw)
}

// objectFromJSON reads each property as a variable.
func objectFromJSON(obj map[string]json.RawMessage) (cty.Value, error) {
	attrs := make(map[string]cty.Value, len(obj))
	for k, v := range obj {
		cv, err := fromJSON(v)
		if err != nil {
			return cty.NilVal, fmt.Errorf("%s: %s", k, err)
		}
		attrs[k] = cv
	}
	return cty.ObjectVal(attrs), nil
}

func hasMarker(raw []byte) bool {
	return bytes.Contains(raw, []byte(`"__unknown__"`)) || bytes.Contains(raw, []byte(`"__sensitive__"`)) || bytes.Contains(raw, []byte(`"__ephemeral__"`))
}

func leaf(raw []byte) (cty.Value, error) {
	ty, err := ctyjson.ImpliedType(raw)
	if err != nil {
		return cty.NilVal, err
	}
	return ctyjson.Unmarshal(raw, ty)
}

func unknownFromJSON(tyRaw json.RawMessage, obj map[string]json.RawMessage) (cty.Value, error) {
	var tyName string
	if err := json.Unmarshal(tyRaw, &tyName); err != nil {
		return cty.NilVal, fmt.Errorf("the __unknown__ marker needs a type name string")
	}
	ty, err := typeFromName(tyName)
	if err != nil {
		return cty.NilVal, err
	}
	return refinedUnknown(ty, obj)
}

func typeFromName(name string) (cty.Type, error) {
	switch name {
	case "dynamic", "any":
		return cty.DynamicPseudoType, nil
	}
	expr, diags := hclsyntax.ParseExpression([]byte(name), "<type>", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		return cty.NilType, fmt.Errorf("%s", diags.Error())
	}
	ty, tdiags := typeexpr.Type(expr)
	if tdiags.HasErrors() {
		return cty.NilType, fmt.Errorf("%s", tdiags.Error())
	}
	return ty, nil
}

// render writes v as JSON: exact numbers, infinities and unknowns (with
// their refinements) as markers, marks dropped.
func render(v cty.Value, buf *bytes.Buffer) error {
	v, _ = v.UnmarkDeep()
	if !v.IsKnown() {
		buf.WriteString(`{"__unknown__":`)
		writeString(buf, typeString(v.Type()))
		writeRefinements(v, buf)
		buf.WriteString(`}`)
		return nil
	}
	if v.IsNull() {
		buf.WriteString("null")
		return nil
	}
	ty := v.Type()
	switch {
	case ty == cty.Number && v.RawEquals(cty.PositiveInfinity):
		buf.WriteString(`{"__number__":"+Inf"}`)
	case ty == cty.Number && v.RawEquals(cty.NegativeInfinity):
		buf.WriteString(`{"__number__":"-Inf"}`)
	case ty == cty.Number || ty == cty.String || ty == cty.Bool:
		b, err := ctyjson.Marshal(v, ty)
		if err != nil {
			return err
		}
		buf.Write(b)
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		buf.WriteByte('[')
		i := 0
		for it := v.ElementIterator(); it.Next(); i++ {
			if i > 0 {
				buf.WriteByte(',')
			}
			_, ev := it.Element()
			if err := render(ev, buf); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case ty.IsMapType() || ty.IsObjectType():
		m := v.AsValueMap()
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, k)
			buf.WriteByte(':')
			if err := render(m[k], buf); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case ty.IsCapsuleType():
		buf.WriteString(`{"__capsule__":`)
		writeString(buf, ty.FriendlyName())
		buf.WriteString(`}`)
	default:
		return fmt.Errorf("unsupported value type %s", ty.FriendlyName())
	}
	return nil
}

func writeString(buf *bytes.Buffer, s string) {
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	buf.Write(bytes.TrimRight(tmp.Bytes(), "\n"))
}

// typeString writes a type as the conformance schema does.
func typeString(ty cty.Type) string {
	switch {
	case ty == cty.DynamicPseudoType:
		return "dynamic"
	case ty == cty.String:
		return "string"
	case ty == cty.Number:
		return "number"
	case ty == cty.Bool:
		return "bool"
	case ty.IsListType():
		return "list(" + typeString(ty.ElementType()) + ")"
	case ty.IsSetType():
		return "set(" + typeString(ty.ElementType()) + ")"
	case ty.IsMapType():
		return "map(" + typeString(ty.ElementType()) + ")"
	case ty.IsTupleType():
		var parts []string
		for _, et := range ty.TupleElementTypes() {
			parts = append(parts, typeString(et))
		}
		return "tuple([" + strings.Join(parts, ", ") + "])"
	case ty.IsObjectType():
		atys := ty.AttributeTypes()
		names := make([]string, 0, len(atys))
		for n := range atys {
			names = append(names, n)
		}
		sort.Strings(names)
		parts := make([]string, 0, len(names))
		for _, n := range names {
			key := n
			if !hclsyntax.ValidIdentifier(n) {
				var b bytes.Buffer
				writeString(&b, n)
				key = b.String()
			}
			parts = append(parts, key+": "+typeString(atys[n]))
		}
		return "object({" + strings.Join(parts, ", ") + "})"
	case ty.IsCapsuleType():
		return "capsule(" + ty.FriendlyName() + ")"
	}
	return ty.FriendlyName()
}

// bodyOutline is a body's structure: its arguments by name, each with its
// value expression's source text, and its blocks in order, each with its
// type, labels and body.
func bodyOutline(b *hclsyntax.Body, src []byte) map[string]any {
	attrs := map[string]any{}
	for name, a := range b.Attributes {
		r := a.Expr.Range()
		attrs[name] = string(src[r.Start.Byte:r.End.Byte])
	}
	blocks := []any{}
	for _, blk := range b.Blocks {
		labels := blk.Labels
		if labels == nil {
			labels = []string{}
		}
		blocks = append(blocks, map[string]any{"type": blk.Type, "labels": labels, "body": bodyOutline(blk.Body, src)})
	}
	return map[string]any{"attributes": attrs, "blocks": blocks}
}
