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
  ])("turns %j into /", (hostile) => {
    expect(safeNext(hostile)).toBe("/");
  });

  it("rejects non-strings", () => {
    expect(safeNext(null)).toBe("/");
    expect(safeNext(["/compte"])).toBe("/");
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
