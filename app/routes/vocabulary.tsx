import { SearchFilter, foldForSearch } from "~/components/ui/search-filter";
import { useMemo, useState } from "react";
import { Checkbox } from "~/components/ui/field";
import { loadContentRoute } from "~/features/content/content-route.server";
import { getVocabulary } from "~/features/content/store.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/vocabulary";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, content: list } = await loadContentRoute({ request, pattern }, getVocabulary);
  return {
    meta: catalogPageMeta(entry, list.description),
    list: { title: list.title, language: list.language, introHtml: list.introHtml, entries: list.entries },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

const LANGUAGE_NAMES = { en: "Anglais", es: "Espagnol", de: "Allemand" } as const;

/** Target language ↔ French, searchable and filtered by theme; the answers can be hidden to test oneself. */
export default function VocabularyPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const [term, setTerm] = useState("");
  const [category, setCategory] = useState("");
  const [fromFrench, setFromFrench] = useState(false);
  const [hideAnswers, setHideAnswers] = useState(false);
  const [revealed, setRevealed] = useState<Set<string>>(new Set());
  const categories = useMemo(() => [...new Set(list.entries.map((entry) => entry.category))], [list.entries]);
  const language = LANGUAGE_NAMES[list.language];
  const visible = list.entries.filter(
    (entry) =>
      (!category || entry.category === category) &&
      (!term.trim() || foldForSearch(`${entry.term} ${entry.translation} ${entry.example}`).includes(foldForSearch(term.trim()))),
  );
  const [questionLabel, answerLabel] = fromFrench ? ["Français", language] : [language, "Français"];
  return (
    <div className="mx-auto max-w-5xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{list.title}</h1>
      {list.introHtml ? <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: list.introHtml }} /> : null}
      <SearchFilter
        searchLabel="Rechercher un mot ou une traduction"
        term={term}
        onTermChange={setTerm}
        filterLabel="Thème"
        allLabel="Tous les thèmes"
        options={categories}
        value={category}
        onValueChange={setCategory}
      />
      <div className="mt-3 flex flex-wrap gap-x-6">
        <Checkbox
          label={`Partir du français (Français → ${language})`}
          checked={fromFrench}
          onChange={(event) => setFromFrench(event.target.checked)}
        />
        <Checkbox
          label="Masquer les réponses pour m'entraîner"
          checked={hideAnswers}
          onChange={(event) => {
            setHideAnswers(event.target.checked);
            setRevealed(new Set());
          }}
        />
      </div>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {visible.length} entrée{visible.length > 1 ? "s" : ""}
      </p>
      {visible.length === 0 ? <p className="mt-6">Aucune entrée ne correspond à cette recherche.</p> : null}
      <div className="mt-4 overflow-x-auto rounded-xl border border-border">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">
            {questionLabel} → {answerLabel}
          </caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="p-3 font-semibold">
                {questionLabel}
              </th>
              <th scope="col" className="p-3 font-semibold">
                {answerLabel}
              </th>
              <th scope="col" className="hidden p-3 font-semibold md:table-cell">
                Exemple
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((entry) => {
              const [question, answer] = fromFrench ? [entry.translation, entry.term] : [entry.term, entry.translation];
              const shown = !hideAnswers || revealed.has(entry.id);
              return (
                <tr key={entry.id} className="border-t border-border align-top">
                  <th scope="row" className="p-3 font-semibold">
                    {question}
                    {entry.register ? <span className="ml-2 text-xs font-normal text-muted-foreground">({entry.register})</span> : null}
                    <span className="mt-1 block text-sm font-normal text-muted-foreground italic md:hidden" lang={list.language}>
                      {entry.example}
                    </span>
                  </th>
                  <td className="p-3">
                    {shown ? (
                      answer
                    ) : (
                      <button
                        type="button"
                        onClick={() => setRevealed((set) => new Set(set).add(entry.id))}
                        className="rounded-md border border-dashed border-border px-2 py-1 text-sm hover:bg-muted"
                      >
                        Afficher la réponse
                      </button>
                    )}
                  </td>
                  <td className="hidden p-3 text-muted-foreground italic md:table-cell" lang={list.language}>
                    {entry.example}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
