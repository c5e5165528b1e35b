import { useState } from "react";
import { toast } from "~/features/toast/toaster";
import { findCatalogEntry } from "~/catalog/catalog";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Checkbox, Field, Select, Textarea, TextField } from "~/components/ui/field";
import { ProgressBar } from "~/components/ui/progress-bar";
import { Spinner } from "~/components/ui/spinner";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/design-system";

export function loader() {
  return { meta: catalogPageMeta(findCatalogEntry("/design-system")!) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

const colorTokens = [
  ["background", "Fond"],
  ["foreground", "Texte"],
  ["muted", "Fond atténué"],
  ["muted-foreground", "Texte secondaire"],
  ["card", "Carte"],
  ["border", "Bordure"],
  ["primary", "Primaire"],
  ["accent", "Accent"],
  ["success", "Succès"],
  ["destructive", "Erreur"],
] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-8">
      <h3 className="mb-3 text-lg font-bold">{title}</h3>
      {children}
    </section>
  );
}

function Showcase({ theme }: { theme: "light" | "dark" }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const themeName = theme === "light" ? "clair" : "sombre";
  return (
    <div className={`${theme} rounded-3xl border border-border bg-background p-6 text-foreground`}>
      <h2 className="text-2xl font-bold">Thème {themeName}</h2>

      <Section title="Couleurs">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {colorTokens.map(([token, label]) => (
            <li key={token} className="flex items-center gap-2 text-sm">
              <span className="size-8 shrink-0 rounded-md border border-border" style={{ background: `var(--${token})` }} />
              <span>
                {label}
                <code className="block text-xs text-muted-foreground">--{token}</code>
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Typographie">
        <p className="text-4xl font-extrabold tracking-tight">Titre de page</p>
        <p className="mt-2 text-2xl font-bold">Titre de section</p>
        <p className="mt-2 text-lg font-semibold">Sous-titre</p>
        <p className="mt-2">Texte courant : une suite croissante et majorée converge.</p>
        <p className="mt-1 text-sm text-muted-foreground">Texte secondaire, pour les précisions et les légendes.</p>
      </Section>

      <Section title="Boutons">
        <div className="flex flex-wrap gap-2">
          <Button>Primaire</Button>
          <Button variant="secondary">Secondaire</Button>
          <Button variant="outline">Contour</Button>
          <Button variant="ghost">Discret</Button>
          <Button variant="destructive">Supprimer</Button>
          <Button disabled>Désactivé</Button>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button size="sm">Petit</Button>
          <Button size="md">Moyen</Button>
          <Button size="lg">Grand</Button>
        </div>
      </Section>

      <Section title="Badges">
        <div className="flex flex-wrap gap-2">
          <Badge>Neutre</Badge>
          <Badge tone="primary">Formation</Badge>
          <Badge tone="accent">Méthodologie</Badge>
          <Badge tone="success">Réussi</Badge>
          <Badge tone="danger">À revoir</Badge>
        </div>
      </Section>

      <Section title="Carte">
        <Card>
          <p className="font-semibold">Suites numériques</p>
          <p className="mt-1 text-sm text-muted-foreground">Cours, exercices corrigés et quiz.</p>
        </Card>
      </Section>

      <Section title="Alertes">
        <div className="flex flex-col gap-3">
          <Alert title="Information">Le quiz est corrigé à chaque réponse.</Alert>
          <Alert tone="success" title="Bonne réponse">
            La série converge absolument.
          </Alert>
          <Alert tone="warning" title="Attention">
            Une série dont le terme général tend vers 0 ne converge pas forcément.
          </Alert>
          <Alert tone="danger" title="Erreur">
            Impossible de sauvegarder l'activité.
          </Alert>
        </div>
      </Section>

      <Section title="Formulaire">
        <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
          <TextField label="Prénom" hint="Tel qu'il apparaîtra sur votre espace." defaultValue="Camille" />
          <TextField label="Adresse e-mail" error="Adresse e-mail invalide." type="email" defaultValue="camille@" />
          <Field label="Option de mathématiques">
            {({ id }) => (
              <Select id={id} defaultValue="approfondies">
                <option value="approfondies">Maths approfondies</option>
                <option value="appliquees">Maths appliquées</option>
              </Select>
            )}
          </Field>
          <Field label="Message">{({ id }) => <Textarea id={id} defaultValue="Je voudrais revoir les séries numériques." />}</Field>
          <Checkbox label="Recevoir les rappels de révision" defaultChecked />
        </form>
      </Section>

      <Section title="Progression et chargement">
        <ProgressBar value={65} label={`Progression globale (thème ${themeName})`} />
        <div className="mt-4">
          <Spinner label={`Chargement en cours (thème ${themeName})`} />
        </div>
      </Section>

      <Section title="Fenêtre et notification">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialogOpen(true)}>
            Ouvrir une fenêtre
          </Button>
          <Button variant="outline" onClick={() => toast.success("Activité enregistrée", { description: "Votre progression est à jour." })}>
            Afficher une notification
          </Button>
          <Button variant="outline" onClick={() => toast.error("Erreur", { description: "Impossible de sauvegarder l'activité" })}>
            Afficher une erreur
          </Button>
        </div>
        <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)} title="Fenêtre de dialogue">
          <p>Le focus reste dans la fenêtre ; la touche Échap la ferme.</p>
          <Button className="mt-4" onClick={() => setDialogOpen(false)}>
            J'ai compris
          </Button>
        </Dialog>
      </Section>
    </div>
  );
}

export default function DesignSystem() {
  return (
    <div className="mx-auto max-w-7xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Design System</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted-foreground">
        Le guide de style vivant de Tremplin : chaque composant de l'interface, tel qu'il est utilisé dans le site, en thème clair et en
        thème sombre.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Showcase theme="light" />
        <Showcase theme="dark" />
      </div>
    </div>
  );
}
