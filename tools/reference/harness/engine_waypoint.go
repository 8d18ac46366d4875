package main

// Waypoint's function table and evaluation context, from its own
// internal/config (waypoint_export.go.txt is copied into that package).
//
// "vars" gives the named values an app's stage sees. "path", "workspace",
// "app" and "labels" are maps of strings as Waypoint sets them ("path"
// and "workspace" default to the load context's: pwd and project
// "/project", workspace "default"); "artifact" and "deploy" are a
// plugin's template data, converted as Waypoint converts it
// (internal/pkg/ctystructure); "entrypoint" is {"env": {...}}; any other
// name (var, config, ...) is read as the other engines read variables.
// Two inputs are the harness's own: "__files__" ({absolute path:
// content}) is written to disk first, and "__git__" makes a repository
// at path.pwd: {"head": <the hash of the harness's one commit>, "tags":
// {name: hash}, "remotes": {name: [url, ...]}}.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5"
	gitconfig "github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/waypoint/internal/config"
	"github.com/hashicorp/waypoint/internal/pkg/ctystructure"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/gocty"
)

const hasConsole = false

func engineFunctions() map[string]function.Function {
	ctx := config.HarnessContext(map[string]string{"pwd": "/project", "project": "/project"}, nil)
	all := map[string]function.Function{}
	for c := ctx; c != nil; c = c.Parent() {
		for k, f := range c.Functions {
			if _, ok := all[k]; !ok {
				all[k] = f
			}
		}
	}
	return all
}

func engineContext(vars map[string]cty.Value, raws map[string]json.RawMessage, _ map[string]function.Function) (*hcl.EvalContext, error) {
	maps := map[string]map[string]string{
		"path":      {"pwd": "/project", "project": "/project"},
		"workspace": {"name": "default"},
	}
	for _, name := range []string{"path", "workspace", "app", "labels"} {
		v, ok := vars[name]
		if !ok {
			continue
		}
		m, err := stringMap(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", name, err)
		}
		maps[name] = m
	}
	named := map[string]cty.Value{}
	for k, v := range vars {
		if _, ok := maps[k]; !ok {
			named[k] = v
		}
	}
	for _, name := range []string{"artifact", "deploy"} {
		raw, ok := raws[name]
		if !ok {
			continue
		}
		var m map[string]interface{}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("%s: %s", name, err)
		}
		v, err := ctystructure.Object(m)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", name, err)
		}
		named[name] = v
	}
	if v, ok := vars["entrypoint"]; ok {
		env, err := stringMap(v.GetAttr("env"))
		if err != nil {
			return nil, fmt.Errorf("entrypoint.env: %s", err)
		}
		e, _ := gocty.ToCtyValue(env, cty.Map(cty.String))
		named["entrypoint"] = cty.ObjectVal(map[string]cty.Value{"env": e})
	}
	if v, ok := vars["config"]; ok {
		// Inside a config block: config.env, config.internal and
		// config.file, maps of strings in a map (app_config.go).
		m, err := convert.Convert(v, cty.Map(cty.Map(cty.String)))
		if err != nil {
			return nil, fmt.Errorf("config: %s", err)
		}
		named["config"] = m
	}
	if raw, ok := raws["__files__"]; ok {
		var files map[string]string
		if err := json.Unmarshal(raw, &files); err != nil {
			return nil, fmt.Errorf("__files__: %s", err)
		}
		for p, content := range files {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				return nil, err
			}
		}
	}
	if raw, ok := raws["__git__"]; ok {
		if !strings.HasPrefix(maps["path"]["pwd"], "/tmp/hcl-harness-waypoint/") {
			return nil, fmt.Errorf("__git__ needs path.pwd under /tmp/hcl-harness-waypoint/ (it is replaced by a new repository)")
		}
		if err := makeRepo(maps["path"]["pwd"], raw); err != nil {
			return nil, fmt.Errorf("__git__: %s", err)
		}
	}
	return config.HarnessContext(maps["path"], func(ctx *hcl.EvalContext) {
		config.HarnessAddMap(ctx, "workspace", maps["workspace"])
		if m, ok := maps["app"]; ok {
			config.HarnessAddMap(ctx, "app", m)
		}
		if m, ok := maps["labels"]; ok {
			config.HarnessAddMap(ctx, "labels", m)
		}
		for k, v := range named {
			ctx.Variables[k] = v
		}
	}), nil
}

// projectContext writes a project's files to a directory of their own
// and loads its waypoint.hcl: {"files": {name: text}, "workspace",
// "vars": {name: string} (as -var gives them), "var_files": [name, ...]}.
func projectContext(raw json.RawMessage) (*hcl.EvalContext, error) {
	var p struct {
		Files     map[string]string `json:"files"`
		Workspace string            `json:"workspace"`
		Vars      map[string]string `json:"vars"`
		VarFiles  []string          `json:"var_files"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, fmt.Errorf("project: %s", err)
	}
	if p.Workspace == "" {
		p.Workspace = "default" // the waypoint command's
	}
	dir := "/tmp/hcl-harness-waypoint/project"
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	for name, text := range p.Files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	files := make([]string, len(p.VarFiles))
	for i, f := range p.VarFiles {
		files[i] = filepath.Join(dir, f)
	}
	ctx, err := config.HarnessProject(filepath.Join(dir, "waypoint.hcl"), p.Workspace, p.Vars, files)
	if err != nil {
		if diags, ok := err.(hcl.Diagnostics); ok {
			return nil, diags
		}
		return nil, fmt.Errorf("load: %s", err)
	}
	return ctx, nil
}

// stringMap is v as a Go map of strings, as Waypoint holds these values.
func stringMap(v cty.Value) (map[string]string, error) {
	v, err := convert.Convert(v, cty.Map(cty.String))
	if err != nil {
		return nil, err
	}
	var m map[string]string
	if err := gocty.FromCtyValue(v, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// makeRepo makes a repository at dir with one commit (always the same
// hash), lightweight tags and remotes.
func makeRepo(dir string, raw json.RawMessage) error {
	var spec struct {
		Head    string              `json:"head"`
		Tags    map[string]string   `json:"tags"`
		Remotes map[string][]string `json:"remotes"`
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		return err
	}
	wt, err := repo.Worktree()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "README"), []byte("harness\n"), 0o644); err != nil {
		return err
	}
	if _, err := wt.Add("README"); err != nil {
		return err
	}
	when := time.Date(2023, 1, 2, 3, 4, 5, 0, time.UTC)
	sig := &object.Signature{Name: "harness", Email: "harness@example.com", When: when}
	hash, err := wt.Commit("one commit", &git.CommitOptions{Author: sig, Committer: sig})
	if err != nil {
		return err
	}
	if spec.Head != hash.String() {
		return fmt.Errorf("the harness's commit is %s, not %q", hash, spec.Head)
	}
	for name, h := range spec.Tags {
		ref := plumbing.NewHashReference(plumbing.NewTagReferenceName(name), plumbing.NewHash(h))
		if err := repo.Storer.SetReference(ref); err != nil {
			return err
		}
	}
	for name, urls := range spec.Remotes {
		if _, err := repo.CreateRemote(&gitconfig.RemoteConfig{Name: name, URLs: urls}); err != nil {
			return err
		}
	}
	return nil
}

func consoleText(v cty.Value) (text string, ty *cty.Type, ok bool) { return "", nil, true }

func markSensitive(v cty.Value) cty.Value { return v }

func markEphemeral(v cty.Value) cty.Value { return v }
