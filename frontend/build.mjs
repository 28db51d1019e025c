// Bundle each kit widget's ES module with the helpers it imports, using esbuild.
//
//   npm ci                 # once, in this folder (build time only: the kit never needs Node)
//   npm run build          # write kit/widgets/static/bundle/<widget>.js
//   npm run check          # type-check, then fail if a committed bundle differs from a fresh build
//   npm run watch          # rebuild on every save (with ANYWIDGET_HMR=1 the notebook redraws)
//
// An entry is every kit/widgets/static/*.js with an `export default` (the anywidget module:
// `export default { render }`); helpers such as dom.js have none. A new widget module is picked
// up without touching this file. Each bundle starts with a header naming its sources and a
// SHA-256 of them, which kit/widgets/_base.py and tests/widgets/test_frontend.py recompute
// without Node to tell a stale bundle from a fresh one.
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync, mkdirSync, rmSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const STATIC = resolve(HERE, "..", "kit", "widgets", "static");
const OUT = join(STATIC, "bundle");
const ENTRY = /^export default\b/m;

/** The widget modules: every static/*.js that has a default export. */
export function entries() {
  return readdirSync(STATIC)
    .filter((f) => f.endsWith(".js") && ENTRY.test(readFileSync(join(STATIC, f), "utf8")))
    .sort();
}

/** SHA-256 over the sources (name, NUL, bytes, NUL), sorted by name: kit/widgets/_base.py
 * computes the same. @param {string[]} names paths relative to static/, with "/" */
export function sourcesHash(names) {
  const hash = createHash("sha256");
  for (const name of [...names].sort()) {
    hash.update(name, "utf8");
    hash.update("\0");
    hash.update(readFileSync(join(STATIC, ...name.split("/"))));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const OPTIONS = {
  bundle: true,
  format: "esm",
  target: "es2020",
  platform: "browser",
  charset: "utf8",
  legalComments: "none",
  metafile: true,
  write: false,
  logLevel: "warning",
  absWorkingDir: HERE,
};

/** The text of one bundle: the header, then esbuild's output. */
function withHeader(entry, result) {
  const sources = Object.keys(result.metafile.inputs)
    .map((p) => relative(STATIC, resolve(p)).split(sep).join("/"))
    .sort();
  const code = result.outputFiles[0].text;
  return (
    `// gm-kit widget bundle of ${entry}: built by frontend/build.mjs (esbuild ${esbuild.version}); do not edit.\n` +
    `// sources: ${sources.join(" ")}\n` +
    `// sources-sha256: ${sourcesHash(sources)}\n` +
    code
  );
}

async function buildOne(entry) {
  const result = await esbuild.build({ ...OPTIONS, entryPoints: [join(STATIC, entry)], outfile: join(OUT, entry) });
  return withHeader(entry, result);
}

async function buildAll({ check }) {
  const names = entries();
  const stale = [];
  if (!check) mkdirSync(OUT, { recursive: true });
  for (const entry of names) {
    const text = await buildOne(entry);
    const path = join(OUT, entry);
    const old = existsSync(path) ? readFileSync(path, "utf8") : null;
    if (old === text) continue;
    stale.push(entry);
    if (!check) writeFileSync(path, text);
  }
  const orphans = existsSync(OUT) ? readdirSync(OUT).filter((f) => f.endsWith(".js") && !names.includes(f)) : [];
  for (const f of orphans) {
    stale.push(`${f} (no such widget module)`);
    if (!check) rmSync(join(OUT, f));
  }
  if (check) {
    if (stale.length) {
      console.error(`stale bundles in kit/widgets/static/bundle: ${stale.join(", ")}\nrun: npm --prefix frontend run build`);
      process.exit(1);
    }
    console.log(`${names.length} bundles up to date`);
  } else {
    console.log(`${names.length} bundles, ${stale.length} rewritten: ${stale.join(", ") || "none"}`);
  }
}

async function watch() {
  // One esbuild context per widget; each rebuild rewrites its bundle, which anywidget's file
  // watcher (ANYWIDGET_HMR=1) sends to every open view. Restart to pick up a new widget module.
  mkdirSync(OUT, { recursive: true });
  for (const entry of entries()) {
    const ctx = await esbuild.context({
      ...OPTIONS,
      entryPoints: [join(STATIC, entry)],
      outfile: join(OUT, entry),
      plugins: [
        {
          name: "gmkit-header",
          setup(build) {
            build.onEnd((result) => {
              if (result.errors.length) return;
              const path = join(OUT, entry);
              const text = withHeader(entry, result);
              if (!existsSync(path) || readFileSync(path, "utf8") !== text) {
                writeFileSync(path, text);
                console.log(`rebuilt ${entry}`);
              }
            });
          },
        },
      ],
    });
    await ctx.watch();
  }
  console.log("watching kit/widgets/static/*.js (Ctrl+C to stop)");
}

const args = process.argv.slice(2);
if (args.includes("--watch")) await watch();
else await buildAll({ check: args.includes("--check") });
