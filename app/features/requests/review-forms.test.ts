import { describe, expect, it } from "vitest";
import { fieldErrors } from "../accounts/schemas";
import {
  MODERATION_MESSAGES,
  REVIEW_MESSAGES,
  adminReviewQuerySchema,
  averageRating,
  excerpt,
  formatAverage,
  formatReviewDate,
  moderationSchema,
  organizationRatingJsonLd,
  publicAuthorName,
  publicReviewQuerySchema,
  queryString,
  ratingLabel,
  readQuery,
  rejectionReasonSchema,
  reviewCountLabel,
  reviewFormValues,
  reviewSchema,
  serializeJsonLd,
} from "./review-forms";

const valid = { rating: "4", subject: "maths", offer: "coaching-maths", text: "Des séances claires, des exercices bien choisis." };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = reviewSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("review form", () => {
  it("accepts a complete review and reads the rating as a number", () => {
    expect(reviewSchema.parse(valid)).toEqual({ ...valid, rating: 4 });
  });

  it("asks for 1 to 5 stars, a subject and an offer of the lists", () => {
    for (const rating of ["", "0", "6", "4.5", "cinq"]) expect(errorsOf({ ...valid, rating }).rating).toBe(REVIEW_MESSAGES.rating);
    expect(errorsOf({ ...valid, rating: undefined }).rating).toBe(REVIEW_MESSAGES.rating);
    expect(errorsOf({ ...valid, subject: "astrologie" }).subject).toBe(REVIEW_MESSAGES.subject);
    expect(errorsOf({ ...valid, offer: "" }).offer).toBe(REVIEW_MESSAGES.offer);
  });

  it("bounds the text to 20–2 000 characters, counted without outer blanks and with one character per line break", () => {
    expect(errorsOf({ ...valid, text: "   " }).text).toBe(REVIEW_MESSAGES.textMissing);
    expect(errorsOf({ ...valid, text: "Trop court." }).text).toBe("Votre avis est trop court (20 caractères au moins).");
    expect(errorsOf({ ...valid, text: `   ${"a".repeat(19)}   ` }).text).toBe(REVIEW_MESSAGES.textShort);
    expect(errorsOf({ ...valid, text: "a".repeat(20) })).toEqual({});
    expect(errorsOf({ ...valid, text: "a".repeat(2000) })).toEqual({});
    expect(errorsOf({ ...valid, text: "a".repeat(2001) }).text).toBe("Votre avis est trop long (2\u00a0000 caractères au plus).");
    // 1 000 lines sent by a browser with CRLF: 1 999 characters once normalised.
    const lines = Array(1000).fill("a").join("\r\n");
    expect(reviewSchema.parse({ ...valid, text: lines }).text).toBe(Array(1000).fill("a").join("\n"));
  });

  it("reads bounded strings from the form, a file as an empty field", () => {
    const form = new FormData();
    form.set("rating", "55555");
    form.set("subject", "x".repeat(100));
    form.set("text", "b".repeat(10_000));
    form.set("offer", new Blob(["x"]), "offre.txt");
    const values = reviewFormValues(form);
    expect(values).toEqual({ rating: "55", subject: "x".repeat(40), offer: "", text: "b".repeat(4000) });
    expect(errorsOf(values).text).toBe(REVIEW_MESSAGES.textLong);
  });
});

describe("moderation form", () => {
  const base = { id: "7b0c7a52-3c5e-4b8e-9f0e-1f2a3b4c5d6e", version: "2026-03-02T10:15:00.123Z" };

  it("needs a reason of 5 to 500 characters to reject", () => {
    const reasonError = (reason: unknown) => {
      const parsed = moderationSchema.safeParse({ intent: "reject", ...base, reason });
      return parsed.success ? undefined : fieldErrors(parsed.error).reason;
    };
    expect(reasonError(undefined)).toBe(MODERATION_MESSAGES.reasonMissing);
    expect(reasonError("  ")).toBe("Indiquez la raison du refus\u00a0: l'auteur la lira.");
    expect(reasonError("Hors")).toBe("La raison est trop courte (5 caractères au moins).");
    expect(reasonError("x".repeat(501))).toBe("La raison est trop longue (500 caractères au plus).");
    expect(reasonError("Il cite le nom d'un autre élève.")).toBeUndefined();
    expect(rejectionReasonSchema.parse("  Hors sujet.  ")).toBe("Hors sujet.");
  });

  it("approves and unpublishes without a reason, and refuses anything else", () => {
    expect(moderationSchema.safeParse({ intent: "approve", ...base }).success).toBe(true);
    expect(moderationSchema.safeParse({ intent: "unpublish", ...base }).success).toBe(true);
    expect(moderationSchema.safeParse({ intent: "delete", ...base }).success).toBe(false);
    expect(moderationSchema.safeParse({ intent: "approve", ...base, id: "1 or 1=1" }).success).toBe(false);
    expect(moderationSchema.safeParse({ intent: "approve", ...base, version: "hier" }).success).toBe(false);
  });
});

describe("query strings", () => {
  it("keep the known filters, drop the others, and bound the page", () => {
    const read = (query: string) => readQuery(publicReviewQuerySchema, new URLSearchParams(query));
    expect(read("matiere=maths&offre=plateforme&page=3")).toEqual({ matiere: "maths", offre: "plateforme", page: 3 });
    expect(read("matiere=<script>&offre=&page=-2")).toEqual({ matiere: undefined, offre: undefined, page: 1 });
    expect(read("page=99999999")).toEqual({ matiere: undefined, offre: undefined, page: 1 });
    expect(readQuery(adminReviewQuerySchema, new URLSearchParams("statut=rejected"))).toEqual({ statut: "rejected", page: 1 });
    expect(readQuery(adminReviewQuerySchema, new URLSearchParams("statut=pending"))).toEqual({ statut: "published", page: 1 });
    expect(queryString({ matiere: "maths", offre: "", page: undefined })).toBe("?matiere=maths");
    expect(queryString({ matiere: undefined })).toBe("");
  });
});

describe("formatting", () => {
  it("averages to one decimal, half up, written with a French comma", () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(87, 20)).toBe(4.4);
    expect(formatAverage(averageRating(13, 3)!)).toBe("4,3");
    expect(formatAverage(averageRating(5, 1)!)).toBe("5,0");
    expect(formatAverage(4.5)).toBe("4,5");
    expect(ratingLabel(4)).toBe("4 sur 5");
    expect(reviewCountLabel(1)).toBe("1 avis");
    expect(reviewCountLabel(1234)).toBe("1\u00a0234 avis");
  });

  it("shows the first name and the last name's initial, never more", () => {
    expect(publicAuthorName("Marie")).toBe("Marie");
    expect(publicAuthorName("  Marie   de la Fontaine ")).toBe("Marie F.");
    expect(publicAuthorName("jean-luc émile")).toBe("jean-luc É.");
    expect(publicAuthorName("")).toBe("Anonyme");
  });

  it("cuts long texts on a word, with an ellipsis", () => {
    expect(excerpt("Court et clair.")).toBe("Court et clair.");
    const long = `${"Une phrase qui revient souvent dans les avis des élèves, ".repeat(6)}fin.`;
    const cut = excerpt(long, 240);
    expect(cut.length).toBeLessThanOrEqual(241);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).not.toMatch(/[\s,]…$/);
    expect(long.replace(/\s+/g, " ").startsWith(cut.slice(0, -1))).toBe(true);
    expect(excerpt("Ligne 1\n\nLigne 2")).toBe("Ligne 1 Ligne 2");
  });

  it("writes dates in French, Paris time", () => {
    expect(formatReviewDate(new Date("2026-03-02T23:30:00Z"))).toBe("3 mars 2026");
  });
});

describe("JSON-LD", () => {
  it("is the aggregate of the published reviews, and nothing without any", () => {
    expect(organizationRatingJsonLd({ siteUrl: "https://tremplin.example", count: 0, sum: 0 })).toBeNull();
    expect(JSON.parse(organizationRatingJsonLd({ siteUrl: "https://tremplin.example", count: 2, sum: 9 })!)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Tremplin",
      url: "https://tremplin.example",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
  });

  it("cannot close its script element, whatever text it carries", () => {
    const hostile = { text: "</script><script>alert(1)</script><!-- & \u2028" };
    const serialized = serializeJsonLd(hostile);
    expect(serialized).not.toMatch(/<|>|&|\u2028/);
    expect(serialized.toLowerCase()).not.toContain("</script");
    expect(JSON.parse(serialized)).toEqual(hostile);
  });
});
