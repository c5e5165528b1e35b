import { createHash } from "node:crypto";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { find, svg as svgSchema } from "property-information";
import { runSnippets } from "./python.ts";

/**
 * Figures of the courses (issue #17): a `:::figure` block holds matplotlib code that runs when the
 * content is compiled, through the runner of the content checks (run_python.py), and becomes an inline
 * SVG themed by the stylesheet.
 *
 * The runner draws with placeholder colours (FIGURE_COLOURS, the same values as run_python.py's style):
 * the foreground becomes `currentColor`, and the stylesheet maps the series colours and the grid to the
 * theme's variables through attribute selectors (`[stroke="#0a0001"]`), which only works once
 * matplotlib's `style` attributes are turned into presentation attributes: the cascade lets a
 * stylesheet override those, never an inline style.
 */
export const FIGURE_COLOURS = {
  foreground: "#010203",
  grid: "#040506",
  series: ["#0a0001", "#0a0002", "#0a0003", "#0a0004", "#0a0005", "#0a0006"],
} as const;

export interface FigureSource {
  /** Where the figure is, for error messages (« figure 2 »). */
  where: string;
  code: string;
}

/** Runs each figure's code and returns its raw SVG, in order; throws with the Python error otherwise. */
export function runFigures(figures: FigureSource[]): string[] {
  const results = runSnippets(figures.map(({ where, code }) => ({ id: where, code, expected: null, figure: true })));
  return results.map((result) => {
    if (result.status !== "ok") throw new Error(`${result.id} : le code de la figure échoue\n${result.detail}`);
    return result.detail;
  });
}

const GEOMETRY = new Set(["d", "transform", "x", "y", "width", "height", "points", "x1", "x2", "y1", "y2", "cx", "cy", "r"]);

const THEMED_COLOURS = new Set<string>(["none", "currentColor", FIGURE_COLOURS.grid, ...FIGURE_COLOURS.series]);

/** CSS declarations of matplotlib's `style` attributes that become presentation attributes. */
function styleToAttributes(style: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const declaration of style.split(";")) {
    const separator = declaration.indexOf(":");
    if (separator < 0) continue;
    const name = declaration.slice(0, separator).trim();
    const value = declaration.slice(separator + 1).trim();
    if (name === "font") {
      // `font: oblique 10px 'DejaVu Sans', …`: keep style, weight and size; the family is the page's.
      const size = /(\d+(?:\.\d+)?)px/.exec(value);
      if (size) attributes["font-size"] = `${size[1]}px`;
      if (/\b(italic|oblique)\b/.test(value)) attributes["font-style"] = "italic";
      if (/\bbold\b/.test(value)) attributes["font-weight"] = "bold";
    } else if (name) {
      attributes[name] = value.toLowerCase() === FIGURE_COLOURS.foreground ? "currentColor" : value;
      // A colour of its own would not follow the theme (black on the dark background).
      if ((name === "fill" || name === "stroke") && !THEMED_COLOURS.has(attributes[name])) {
        throw new Error(`couleur « ${value} » : une figure n'utilise que les couleurs du thème, C0 à C5 (et celle du texte, par défaut)`);
      }
    }
  }
  return attributes;
}

function walkElements(node: Root | Element, visit: (element: Element) => void) {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    visit(child);
    walkElements(child, visit);
  }
}

/**
 * matplotlib's SVG made fit to sit inside a page: no XML prolog, metadata or `<style>` (its `*` rule
 * would apply to the whole page), presentation attributes instead of inline styles, ids prefixed so
 * that two figures of one page never share one, a size set by the stylesheet, and the alt text as the
 * image's name.
 */
export function figureSvg(rawSvg: string, alt: string): Element {
  const prefix = `fig-${createHash("sha256").update(rawSvg).digest("hex").slice(0, 8)}-`;
  const tree = fromHtml(rawSvg.replace(/^[\s\S]*?(?=<svg)/, ""), { fragment: true, space: "svg" });
  const root = tree.children.find((child): child is Element => child.type === "element" && child.tagName === "svg");
  if (!root) throw new Error("la figure n'a pas produit de SVG");
  const renameReference = (value: string) => value.replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`).replace(/^#(.+)$/, `#${prefix}$1`);
  const strip = (parent: Root | Element) => {
    parent.children = parent.children.filter((child) => {
      if (child.type === "comment") return false;
      if (child.type === "text") return parent.type === "element" && (parent.tagName === "text" || parent.tagName === "tspan") ? true : child.value.trim() !== "";
      return !(child.type === "element" && (child.tagName === "metadata" || child.tagName === "style"));
    }) as typeof parent.children;
    for (const child of parent.children) if (child.type === "element") strip(child);
    // What stays empty once its style is gone (matplotlib's first <defs>).
    parent.children = parent.children.filter((child) => !(child.type === "element" && child.tagName === "defs" && child.children.length === 0)) as typeof parent.children;
  };
  strip(root);
  // Only the ids something points to (clip paths, tick markers) are kept, with the figure's prefix.
  const referenced = new Set<string>();
  walkElements(root, (element) => {
    for (const value of Object.values(element.properties)) {
      if (typeof value === "string") for (const match of value.matchAll(/(?:^|url\()#([^)\s]+)/g)) referenced.add(match[1]);
    }
  });
  walkElements(root, (element) => {
    const properties = element.properties;
    if (typeof properties.style === "string") {
      for (const [name, value] of Object.entries(styleToAttributes(properties.style))) properties[find(svgSchema, name).property] = value;
      delete properties.style;
    }
    for (const [key, value] of Object.entries(properties)) {
      // Coordinates to a hundredth of a point: a third of the size, and no visible difference.
      if (typeof value === "string" && GEOMETRY.has(key)) properties[key] = value.replace(/(\d\.\d{2})\d+/g, "$1").replace(/\s*\n\s*/g, " ").trim();
      if (key === "id") {
        if (referenced.has(String(value))) properties.id = `${prefix}${String(value)}`;
        else delete properties.id;
      }
      else if (typeof value === "string" && (value.includes("url(#") || ((key === "xLinkHref" || key === "href") && value.startsWith("#")))) {
        properties[key] = renameReference(value);
      } else if (typeof value === "string" && value.toLowerCase() === FIGURE_COLOURS.foreground) properties[key] = "currentColor";
    }
  });
  const { viewBox } = root.properties;
  // A marker drawn by <use> inherits its colours from the <use>, which the stylesheet themes: the
  // colours matplotlib also writes on the shared shape would win over inheritance and stay unthemed.
  walkElements(root, (defs) => {
    if (defs.tagName !== "defs") return;
    walkElements(defs, (shape) => {
      if (shape.tagName === "clipPath") return;
      delete shape.properties.fill;
      delete shape.properties.stroke;
    });
  });
  // matplotlib's `*` rule, as inherited defaults that its own attributes override.
  root.properties = {
    xmlns: "http://www.w3.org/2000/svg",
    viewBox,
    role: "img",
    ariaLabel: alt,
    className: ["figure-svg"],
    strokeLinejoin: "round",
    strokeLinecap: "butt",
  };
  return root;
}
