/**
 * Placeholder for the web shell's transport (the engine compiled to WebAssembly), which
 * the web build puts here: this build has no web engine, so every command is refused.
 */
import type { Invoke } from "../transport";

const invoke: Invoke = () => Promise.reject({ code: "internal", message: "no web engine in this build" });

export default invoke;
