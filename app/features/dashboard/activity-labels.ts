import { catalog } from "~/catalog/catalog";
import { generatorTool } from "../generators/tool-list";
import { ACTIVITY_LABELS } from "../progress/progress";
import type { HistoryEntry } from "../activity/activity";

const byContentId = new Map(catalog.filter((entry) => entry.contentId).map((entry) => [entry.contentId!, entry]));

import { plural } from "~/lib/plural";

function field(value: unknown, key: string): unknown {
  return value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
}

/** A history row as the dashboard shows it: a French sentence and, when it names a page, its link. */
export function describeActivity(row: Pick<HistoryEntry, "id" | "activityType" | "generatorType" | "inputData" | "outputData">): {
  label: string;
  href: string | null;
} {
  switch (row.activityType) {
    case "login":
      return { label: "Connexion", href: null };
    case "logout":
      return { label: "Déconnexion", href: null };
    case "search": {
      const term = String(field(row.inputData, "term") ?? "");
      const results = Number(field(row.outputData, "resultCount") ?? 0);
      return { label: `Recherche « ${term} » (${plural(results, "résultat", "résultats")})`, href: null };
    }
    case "quiz": {
      const entry = byContentId.get(String(field(row.inputData, "quizId")));
      const score = `${Number(field(row.outputData, "score"))}/${Number(field(row.outputData, "total"))}`;
      return { label: `Quiz terminé : ${entry?.title ?? "quiz retiré"}, score ${score}`, href: entry?.path ?? null };
    }
    case "exercise": {
      const entry = byContentId.get(String(field(row.inputData, "setId")));
      const status = field(row.outputData, "status") === "reussi" ? "réussi" : "à revoir";
      return { label: `Exercice marqué « ${status} » : ${entry?.title ?? "série retirée"}`, href: entry?.path ?? null };
    }
    case "generation": {
      // A generation made on the server (issue #15): it opens again on its tool's page.
      const tool = generatorTool(row.generatorType ?? "");
      return tool
        ? { label: `${tool.title}\u00a0: génération`, href: `${tool.path}?generation=${row.id}` }
        : { label: "Génération", href: null };
    }
    case "generator":
      return { label: `Contenu généré${row.generatorType ? ` (${row.generatorType})` : ""}`, href: null };
    case "flashcards":
      return { label: "Révision de flashcards", href: "/dashboard#revision" };
    default:
      return { label: ACTIVITY_LABELS[row.activityType as keyof typeof ACTIVITY_LABELS] ?? "Activité", href: null };
  }
}
