import "temml/dist/Temml-Local.css";
import "./app.css";
import { Suspense, lazy, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, isRouteErrorResponse, useMatches, useRouteLoaderData } from "react-router";
import { Toaster } from "./features/toast/toaster";
import type { Route } from "./+types/root";
import { ChatButton } from "./components/layout/chat-button";
import { hasReadingToolbar } from "./components/layout/reading-toolbar";
import { TOAST_DURATION_MS } from "./components/layout/constants";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { useNonce } from "./components/layout/nonce";
import { PageLoading } from "./components/layout/page-loading";
import { themeBootScriptFor } from "./components/layout/theme";
import { isTeacherPath } from "./features/access/teacher-space";
import { hasRole } from "./features/accounts/roles";
import { forwardCookies, getSessionLookup } from "./features/accounts/session.server";
import { SessionWatcher } from "./features/accounts/session-watcher";
import { getPublicConfig } from "./features/site/public-config.server";
import { readToast } from "./features/toast/toast.server";
import { useActionToast } from "./features/toast/use-action-toast";
import { NotFoundScreen } from "./routes/not-found";

const SignedInServices = lazy(() => import("./components/layout/signed-in-services"));

export async function loader({ request }: Route.LoaderArgs) {
  const [{ toast: pendingToast, clearHeader }, { session, headers: authHeaders }] = await Promise.all([
    readToast(request),
    getSessionLookup(request),
  ]);
  const headers = forwardCookies(authHeaders);
  if (clearHeader) headers.append("Set-Cookie", clearHeader);
  const user = session
    ? { firstName: session.user.firstName, isTeacher: hasRole(session.user.role, "prof"), isAdmin: hasRole(session.user.role, "admin") }
    : null;
  const sessionState = { userId: session?.user.id ?? null, expiresAt: session ? session.expiresAt.getTime() : null };
  return data({ config: getPublicConfig(), toast: pendingToast, user, sessionState }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const pathname = matches.at(-1)?.pathname ?? "/";
  const isHome = pathname === "/";
  const showFooter = !isTeacherPath(pathname);
  useActionToast(rootData?.toast);
  // Marks the page interactive (used by the end-to-end tests to act only after hydration).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang="fr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScriptFor(rootData?.sessionState.userId ?? null) }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#contenu"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded-lg focus:bg-card focus:p-3"
        >
          Aller au contenu
        </a>
        {rootData ? <Header config={rootData.config} user={rootData.user} /> : null}
        {rootData ? <SessionWatcher {...rootData.sessionState} /> : null}
        {rootData?.sessionState.userId ? (
          <Suspense fallback={null}>
            <SignedInServices userId={rootData.sessionState.userId} />
          </Suspense>
        ) : null}
        <PageLoading />
        <main id="contenu" tabIndex={-1} className={`flex-1 outline-none ${isHome ? "" : "pt-24 pb-16"}`}>
          {children}
        </main>
        {rootData && showFooter ? <Footer config={rootData.config} /> : null}
        {rootData ? (
          <ChatButton messagingUrl={rootData.config.messagingUrl} desktopOnly={matches.some((match) => hasReadingToolbar(match.handle))} />
        ) : null}
        <Toaster
          position="top-right"
          offset={{ top: 76, right: 16 }}
          visibleToasts={1}
          duration={TOAST_DURATION_MS}
          richColors
          closeButton
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const clientError = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500;
  // A request the server refused says why in French (e.g. an unreadable form); nothing else is shown.
  const reason = clientError && typeof error.data?.error === "string" ? (error.data.error as string) : undefined;
  const title =
    isRouteErrorResponse(error) && error.status === 403 ? "Accès refusé" : clientError ? "Requête invalide" : "Une erreur est survenue";
  return (
    <div className="mx-auto max-w-2xl px-4 text-center">
      <title>{`${title} | Tremplin`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted-foreground">
        {reason ?? "La page n'a pas pu être affichée. Réessayez dans un instant ; si le problème persiste, rafraîchissez la page."}
      </p>
    </div>
  );
}
