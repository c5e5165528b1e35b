import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginUrl, restrictedUrl, safeNext } from "./next";

describe("safeNext", () => {
  it("keeps same-site paths with their query and anchor", () => {
    expect(safeNext("/compte")).toBe("/compte");
    expect(safeNext("/formation/python-matrices?onglet=2#ex3")).toBe("/formation/python-matrices?onglet=2#ex3");
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http://evil.example/compte",
    "javascript:alert(1)",
    "/javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/compte\r\nSet-Cookie: x=1",
    "/compte%0d%0aLocation:%20https://evil.example",
    "/\tevil",
    "evil.example",
    "",
    "%",
    "/%E0%A4%A",
    // Paths that only become protocol-relative once their dot segments are removed.
    "/.//evil.example",
    "/./\\evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/a/..//evil.example",
    "/a/%2e%2e//evil.example",
    "/.%2e//evil.example/compte",
    "/compte/../..//evil.example",
  ])("turns %j into /", (hostile) => {
    expect(safeNext(hostile)).toBe("/");
  });

  it("rejects non-strings", () => {
    expect(safeNext(null)).toBe("/");
    expect(safeNext(["/compte"])).toBe("/");
  });
});

/** React Router treats a `to` matching this as an external URL (its ABSOLUTE_URL_REGEX). */
const EXTERNAL_TO = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Pieces an attacker combines: separators, dot segments, their encodings, schemes, hosts, controls. */
const hostilePiece = fc.constantFrom(
  "/",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%252f",
  "%25",
  "%",
  "@",
  ":",
  "http:",
  "javascript:",
  "evil.example",
  "?",
  "#",
  "&",
  "=",
  "%00",
  "%0d%0a",
  "\t",
  "\n",
  " ",
  "%20",
  "a",
  "compte",
  "formation",
  "%E0%A4",
  "é",
);
/** Separators and dot segments alone, in front of a host: where normalisation can make `//host`. */
const segmentPiece = fc.constantFrom("/", ".", "..", "%2e", "%2E", "%2e%2e", "%2f", "\\", "%5c", "a");
const hostilePath = fc.oneof(
  fc.array(segmentPiece, { maxLength: 8 }).map((pieces) => `/${pieces.join("")}evil.example`),
  fc.array(hostilePiece, { maxLength: 14 }).map((pieces) => `/${pieces.join("")}`),
  fc.array(hostilePiece, { maxLength: 14 }).map((pieces) => pieces.join("")),
  fc.string({ maxLength: 40 }),
  fc.webUrl().map((url) => url.replace(/^https?:/, "")),
);

describe("safeNext, property-based", () => {
  it("returns a same-site path that stays on the site wherever it is used", () => {
    fc.assert(
      fc.property(hostilePath, (raw) => {
        const next = safeNext(raw);
        if (next === "/") return;
        expect(next.startsWith("/")).toBe(true);
        expect(next.startsWith("//") || next.startsWith("/\\")).toBe(false);
        expect(next).not.toMatch(EXTERNAL_TO);
        // As a Location header, resolved by the browser against any page of the site.
        for (const page of ["https://site.example/", "https://site.example/a/b/c?d=1"])
          expect(new URL(next, page).origin).toBe("https://site.example");
        // Decoded, it still does not name another host.
        expect(decodeURIComponent(next).startsWith("//")).toBe(false);
        // Stable: what is rendered in a link or a hidden field comes back unchanged.
        expect(safeNext(next)).toBe(next);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("redirect URLs", () => {
  it("encode the original path and query", () => {
    expect(loginUrl("/compte?onglet=1")).toBe("/login?next=%2Fcompte%3Fonglet%3D1");
    expect(restrictedUrl("/formation/python-matrices?x=1&y=2", "python")).toBe(
      "/acces-restreint?next=%2Fformation%2Fpython-matrices%3Fx%3D1%26y%3D2&section=python",
    );
    expect(restrictedUrl("/formation/maths-polynomes", "maths")).toBe("/acces-restreint?next=%2Fformation%2Fmaths-polynomes&section=maths");
  });
});
