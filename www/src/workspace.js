// The Module mode's workspace: a configuration's files by path — main.tf,
// more .tf files, child modules such as modules/net/main.tf, tfvars files
// (terraform.tfvars, *.auto.tfvars, loaded in Terraform's order), and the
// files the file functions read — one of them open in the editor at a
// time, shown as tabs. Files that are not UTF-8 text (images, archives) are
// kept as Base64 beside them, shown by name and size: the file functions
// that read bytes read them. Files come in by the "+" button, by dropping
// files, a folder or a .zip on the editor, and by share links and saved work.
import { validPath, MAX_FILES, inflate } from "./share.js";

export const MAIN = "main.tf";

/** The files, main.tf first, and which one is open. */
export class Workspace {
  constructor() {
    this.files = new Map([[MAIN, ""]]);
    /** The files that are not text: Base64 by path. */
    this.binary = new Map();
    this.active = MAIN;
  }

  /**
   * Replaces every file: main.tf's text, the others by path, the one to
   * open, and the binary files (Base64 by path).
   */
  reset(main, others = {}, active = MAIN, binary = {}) {
    this.files = new Map([[MAIN, main], ...Object.entries(others).filter(([p]) => p !== MAIN)]);
    this.binary = new Map(Object.entries(binary).filter(([p]) => !this.files.has(p)).sort(([a], [b]) => a.localeCompare(b)));
    this.sort();
    this.active = this.files.has(active) ? active : MAIN;
  }

  /** The binary files, Base64 by path (what the evaluation takes as `binaryFiles`). */
  binaries() {
    return Object.fromEntries(this.binary);
  }

  isBinary(path) {
    return this.binary.has(path);
  }

  /** Adds (or replaces) a binary file, given as bytes. */
  putBinary(path, bytes) {
    this.files.delete(path);
    if (this.active === path) this.active = MAIN;
    this.binary.set(path, toBase64(bytes));
    this.binary = new Map([...this.binary].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** A binary file's size in bytes. */
  binarySize(path) {
    const b64 = this.binary.get(path) ?? "";
    return Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);
  }

  get(path) {
    return this.files.get(path) ?? "";
  }

  /** Keeps the open file's text (the editor's). */
  sync(text) {
    this.files.set(this.active, text);
  }

  /** Every file but main.tf, by path (what the evaluation takes as `files`). */
  others() {
    return Object.fromEntries([...this.files].filter(([p]) => p !== MAIN));
  }

  /** Every path: the text files (main.tf first), then the binary ones. */
  paths() {
    return [...this.files.keys(), ...this.binary.keys()];
  }

  /** Why `path` cannot be a new name here, or "" when it can. */
  problem(path) {
    if (!validPath(path)) return "a file name is a relative path such as variables.tf or modules/net/main.tf";
    if (this.files.has(path) || this.binary.has(path)) return `there is already a file named ${path}`;
    if (this.files.size + this.binary.size > MAX_FILES) return `a workspace holds at most ${MAX_FILES + 1} files`;
    return "";
  }

  /** Adds (or replaces) a file; the tabs stay in order, main.tf first. */
  put(path, text) {
    this.binary.delete(path);
    const added = !this.files.has(path);
    this.files.set(path, text);
    if (added) this.sort();
  }

  sort() {
    const [main, ...rest] = [...this.files];
    this.files = new Map([main, ...rest.sort(([a], [b]) => a.localeCompare(b))]);
  }

  rename(from, to) {
    if (this.binary.has(from)) {
      this.binary.set(to, this.binary.get(from));
      this.binary.delete(from);
      this.binary = new Map([...this.binary].sort(([a], [b]) => a.localeCompare(b)));
      return;
    }
    if (from === MAIN || !this.files.has(from)) return;
    const text = this.files.get(from);
    this.files.delete(from);
    this.files.set(to, text);
    this.sort();
    if (this.active === from) this.active = to;
  }

  remove(path) {
    if (path === MAIN) return;
    this.files.delete(path);
    this.binary.delete(path);
    if (this.active === path) this.active = MAIN;
  }
}

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** A size in bytes as people read it: 312 bytes, 1.2 KB, 3.4 MB. */
export function sizeText(n) {
  if (n < 1000) return `${n} bytes`;
  if (n < 1e6) return `${(n / 1e3).toFixed(1)} KB`;
  return `${(n / 1e6).toFixed(1)} MB`;
}

/** The editor language a file is written in: "json" for JSON files, else "hcl". */
export const languageOf = (path) => (path.endsWith(".json") ? "json" : "hcl");

/**
 * Draws the tabs: one per file (its path; a close button but for main.tf),
 * then "+". The handlers receive a path.
 */
export function renderTabs(container, ws, { open, add, rename, remove }) {
  const tabs = ws.paths().map((path) => {
    const tab = document.createElement("span");
    tab.className = "file-tab";
    tab.dataset.path = path;
    if (path === ws.active) tab.setAttribute("aria-current", "true");
    const name = document.createElement("button");
    name.type = "button";
    name.className = "file-name";
    name.textContent = path;
    if (ws.isBinary(path)) {
      // Not text: shown by name and size, never in the editor.
      const size = document.createElement("span");
      size.className = "file-size";
      size.textContent = ` (${sizeText(ws.binarySize(path))})`;
      name.append(size);
      tab.classList.add("file-binary");
      name.title = `${path}: ${sizeText(ws.binarySize(path))}, not text; filebase64, filemd5, filesha256 and archive_file read it (double-click to rename)`;
    } else {
      name.title = path === MAIN ? "Open main.tf" : `Open ${path} (double-click to rename)`;
      name.addEventListener("click", () => open(path));
    }
    if (path !== MAIN) name.addEventListener("dblclick", () => rename(path));
    tab.append(name);
    if (path !== MAIN) {
      const close = document.createElement("button");
      close.type = "button";
      close.className = "file-close";
      close.textContent = "×";
      close.title = `Delete ${path}`;
      close.setAttribute("aria-label", `Delete ${path}`);
      close.addEventListener("click", () => remove(path));
      tab.append(close);
    }
    return tab;
  });
  const plus = document.createElement("button");
  plus.type = "button";
  plus.className = "file-add";
  plus.dataset.testid = "file-add";
  plus.textContent = "+";
  plus.title = "Add a file (variables.tf, modules/net/main.tf, terraform.tfvars, …); or drop files, a folder or a .zip on the editor";
  plus.addEventListener("click", add);
  container.replaceChildren(...tabs, plus);
}

// ------------------------------------------------------- the page's part

/**
 * Binds a workspace to the page: the tabs, the "+"/rename/delete prompts
 * and files dropped on the editor. `show(path)` puts a file in the editor,
 * `editorText()` reads it, `active()` says whether the Module mode is on,
 * `changed()` asks for an evaluation, `say(text)` reports a refusal.
 * Returns `drawTabs()` and `openFile(path, keep)` (`keep`: the editor's
 * text is the open file's, false once the workspace holds newer text).
 */
export function createWorkspaceView({ ws, tabs, editor, active, editorText, show, changed, say }) {
  const sync = () => ws.sync(editorText());
  const drawTabs = () => renderTabs(tabs, ws, { open: openFile, add, rename, remove });
  function openFile(path, keep = true) {
    if (active() && keep) sync();
    ws.active = ws.files.has(path) ? path : MAIN;
    show(ws.active);
    drawTabs();
  }
  function askPath(question, suggestion, current = null) {
    const path = window.prompt(question, suggestion)?.trim();
    if (!path || path === current) return null;
    const problem = ws.problem(path);
    if (problem) {
      say(`Not done: ${problem}.`);
      return null;
    }
    return path;
  }
  function add() {
    const suggestion = ["variables.tf", "outputs.tf", "terraform.tfvars", "modules/net/main.tf"].find((p) => !ws.files.has(p)) ?? "";
    const path = askPath("New file (a path such as variables.tf, modules/net/main.tf or terraform.tfvars):", suggestion);
    if (!path) return;
    sync();
    ws.put(path, "");
    openFile(path, false);
  }
  function rename(path) {
    const to = askPath(`Rename ${path} to:`, path, path);
    if (!to) return;
    sync();
    ws.rename(path, to);
    drawTabs();
    changed();
  }
  function remove(path) {
    if (!window.confirm(`Delete ${path}?`)) return;
    const open = ws.active === path;
    sync();
    ws.remove(path);
    if (open) openFile(MAIN, false);
    else drawTabs();
    changed();
  }
  // Files, a folder or a .zip dropped on the editor join the workspace.
  editor.addEventListener(
    "drop",
    async (e) => {
      if (!active() || !e.dataTransfer?.files?.length) return;
      e.preventDefault();
      e.stopPropagation();
      let files;
      try {
        files = await droppedFiles(e.dataTransfer);
      } catch (err) {
        say(`Not added: ${err.message}.`);
        return;
      }
      const paths = Object.keys(files);
      if (!paths.length) return say("Not added: no files in what was dropped.");
      sync();
      for (const p of paths) {
        if (typeof files[p] === "string") ws.put(p, files[p]);
        else ws.putBinary(p, files[p]);
      }
      const texts = paths.filter((p) => typeof files[p] === "string");
      openFile(texts.includes(MAIN) ? MAIN : (texts.sort()[0] ?? ws.active), false);
      changed();
    },
    true,
  );
  editor.addEventListener("dragover", (e) => {
    if (active() && e.dataTransfer?.types?.includes("Files")) e.preventDefault();
  });
  return { drawTabs, openFile };
}

// ------------------------------------------------------------ dropped files

/**
 * The files among dropped items (files, folders, .zip archives), by path:
 * text, or the bytes of a file that is not UTF-8 text (at most
 * MAX_BINARY_BYTES each; larger ones are left out).
 */
export async function droppedFiles(dataTransfer) {
  const out = {};
  const entries = [...(dataTransfer.items ?? [])].map((i) => i.webkitGetAsEntry?.()).filter(Boolean);
  if (entries.length) {
    for (const entry of entries) await readEntry(entry, "", out);
  } else {
    for (const file of dataTransfer.files ?? []) await readFile(file, file.name, out);
  }
  // One dropped folder: its files from inside it.
  const paths = Object.keys(out);
  const top = paths.length && paths.every((p) => p.includes("/")) ? paths[0].split("/")[0] : null;
  if (top && paths.every((p) => p.startsWith(`${top}/`))) {
    return Object.fromEntries(Object.entries(out).map(([p, t]) => [p.slice(top.length + 1), t]));
  }
  return out;
}

async function readEntry(entry, prefix, out) {
  if (entry.name.startsWith(".")) return; // .terraform, .git
  const path = prefix + entry.name;
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    return readFile(file, path, out);
  }
  const reader = entry.createReader();
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) break;
    for (const e of batch) await readEntry(e, `${path}/`, out);
  }
}

async function readFile(file, path, out) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (path.toLowerCase().endsWith(".zip")) return Object.assign(out, await unzip(bytes));
  const content = textOrBytes(bytes);
  if (content !== null && validPath(path)) out[path] = content;
}

/** The largest binary file a workspace takes (a share link takes less). */
export const MAX_BINARY_BYTES = 2_000_000;

// A file's text, else its bytes (not UTF-8 text), else null (too large).
function textOrBytes(bytes) {
  const text = asText(bytes);
  if (text !== null) return text;
  return bytes.length <= MAX_BINARY_BYTES ? bytes : null;
}

function asText(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const MAX_UNZIPPED = 20_000_000;

/**
 * The files of a .zip archive by path, text or bytes (stored or deflated
 * entries, read through its central directory), without hidden directories.
 */
export async function unzip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("not a .zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out = {};
  let total = 0;
  for (let n = 0; n < count && at + 46 <= bytes.length; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extraLen + commentLen;
    total += size;
    if (name.endsWith("/") || name.split("/").some((s) => s.startsWith(".")) || total > MAX_UNZIPPED) continue;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const stored = bytes.subarray(start, start + compressedSize);
    let data;
    if (method === 0) data = stored;
    else if (method === 8) data = await inflateRaw(stored);
    else continue;
    const content = textOrBytes(data);
    if (content !== null && validPath(name)) out[name] = content;
  }
  return out;
}

// Decompressed with a cap on what comes out (an archive may lie about its sizes).
const inflateRaw = (bytes) =>
  inflate(bytes, MAX_UNZIPPED, {
    corrupt: () => new Error("the archive is corrupt"),
    tooLarge: () => new Error("the archive is too large once decompressed"),
  });
