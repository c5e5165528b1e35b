const frenchPlural = new Intl.PluralRules("fr-FR");
const frenchNumber = new Intl.NumberFormat("fr-FR");

/**
 * A count and the noun (or phrase) that agrees with it, by the French rules: 0 and 1 take the singular
 * (« 0 carte », « 1 carte », « 3 cartes »). The phrase may carry its agreeing words along:
 * plural(n, "carte marquée", "cartes marquées").
 */
export function plural(count: number, one: string, other: string): string {
  return `${frenchNumber.format(count)} ${frenchPlural.select(count) === "one" ? one : other}`;
}
