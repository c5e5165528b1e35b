import { compileMarkdown } from "../content/pipeline/markdown.ts";
import { parse } from "yaml";
import { readFileSync } from "node:fs";
const files = process.argv.slice(2);
for (const f of files) {
  const src = readFileSync(f, "utf8");
  const texts: string[] = [];
  if (f.endsWith(".md")) texts.push(src.split(/^---$/m).slice(2).join("---"));
  else {
    const walk = (v: unknown) => {
      if (typeof v === "string") texts.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object")
        Object.entries(v).forEach(([k, x]) => {
          if (k !== "check") walk(x);
        });
    };
    walk(parse(src));
  }
  let displays = 0,
    expected = 0;
  for (const t of texts) {
    const html = (await compileMarkdown(t)).html;
    displays += (html.match(/class="katex-display"/g) ?? []).length;
    expected += (t.match(/^\s*\$\$/gm) ?? []).length;
  }
  console.log(f, "displays", displays, "expected", expected);
}
