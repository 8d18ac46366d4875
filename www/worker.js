// Evaluates off the main thread, so a runaway expression never freezes the
// page: the page terminates this worker when it takes too long.
import init, { evaluate, functions, version } from "./pkg/hcl_playground.js";

const ready = init();
ready.then(() => self.postMessage({ ready: true }));

self.onmessage = async (event) => {
  const { id, kind, source, variables, options } = event.data;
  try {
    await ready;
    if (kind === "meta") {
      self.postMessage({ id, functions: functions(), version: version() });
      return;
    }
    self.postMessage({ id, result: evaluate(source, variables, options) });
  } catch (err) {
    self.postMessage({ id, crashed: String(err) });
  }
};
