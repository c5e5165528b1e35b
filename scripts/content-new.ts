// `npm run content:new -- chapter <id> --title "Maths – Titre" --track <track> --order <n> [--section maths|python|open] [--base /formation]`:
// writes the four files of a chapter (content/scaffold.ts); never overwrites a file.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { contentRoot } from "../content/pipeline/load";
import { chapterFiles } from "../content/scaffold";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: "string" },
    track: { type: "string" },
    order: { type: "string" },
    section: { type: "string", default: "maths" },
    base: { type: "string", default: "/formation" },
  },
});

const options = z
  .object({
    what: z.literal("chapter", "seul « chapter » est pris en charge"),
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "id en kebab-case attendu"),
    title: z.string().min(3, "--title « Maths – Titre » attendu"),
    track: z.string().min(1, "--track attendu (ex. maths-approfondies-1)"),
    order: z.coerce.number().int().min(1, "--order attendu (entier ≥ 1)"),
    section: z.enum(["python", "maths", "open"]),
    base: z.string().regex(/^\/[a-z0-9\-/]*$/),
  })
  .safeParse({
    what: positionals[0],
    id: positionals[1],
    ...values,
    title: values.title ?? "",
    track: values.track ?? "",
    order: values.order ?? "0",
  });

if (!options.success) {
  console.error(options.error.issues.map((issue) => `${issue.path.join(".")} : ${issue.message}`).join("\n"));
  process.exit(2);
}

const files = Object.entries(chapterFiles(options.data));
const existing = files.filter(([file]) => existsSync(path.join(contentRoot, file)));
if (existing.length) {
  console.error(`Déjà présents, rien n'est écrit : ${existing.map(([file]) => `content/${file}`).join(", ")}`);
  process.exit(1);
}
for (const [file, text] of files) {
  mkdirSync(path.dirname(path.join(contentRoot, file)), { recursive: true });
  writeFileSync(path.join(contentRoot, file), text);
  console.log(`content/${file}`);
}
console.log(
  "\nÉcrivez les champs laissés vides (les commentaires disent quoi), puis : npm run content:check -- " +
    files.map(([file]) => `content/${file}`).join(" ") +
    " ; enfin npm run content:index.",
);
