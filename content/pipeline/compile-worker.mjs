// A worker of the compile pool (artefacts.ts, compileMany): loads the TypeScript pipeline through tsx,
// then compiles the files it is given into the cache, one task per file.
import { register } from "tsx/esm/api";

register();
const { compileToCache } = await import("./artefacts.ts");

export default compileToCache;
