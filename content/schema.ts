import { z } from "zod";

/** One schema file for every content type (DESIGN §5). */
export const pageFrontMatterSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "id en kebab-case attendu"),
  path: z.string().regex(/^\/[a-z0-9\-/]*$/, "chemin absolu attendu"),
  title: z.string().min(2),
  description: z.string().min(50, "description trop courte (50 caractères minimum)").max(170, "description trop longue (170 caractères maximum)"),
  cta: z.enum(["booking", "none"]).default("none"),
});
export type PageFrontMatter = z.infer<typeof pageFrontMatterSchema>;

export interface Heading {
  depth: 2 | 3;
  id: string;
  text: string;
}

export interface CompiledPage extends PageFrontMatter {
  html: string;
  headings: Heading[];
  sourceFile: string;
  /** Internal links found in the body, checked against the catalogue. */
  links: string[];
}
