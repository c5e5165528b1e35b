import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { SsoProvider } from "./sso";

/** « Continuer avec … », one form per configured provider (none shows when none is configured). */
export function SsoButtons({ providers, next, intent = "sso" }: { providers: SsoProvider[]; next?: string; intent?: string }) {
  const navigation = useNavigation();
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {providers.map((provider) => (
        <Form method="post" key={provider.id}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="provider" value={provider.id} />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <Button type="submit" variant="outline" size="lg" className="w-full" disabled={navigation.state !== "idle"}>
            Continuer avec {provider.label}
          </Button>
        </Form>
      ))}
    </div>
  );
}

/** Why a provider's round trip did not sign in (`?sso=…&error=…`), above the form it came back to. */
export function SsoErrorAlert({ message, title }: { message?: string; title: string }) {
  if (!message) return null;
  return (
    <div className="mb-5">
      <Alert tone="warning" title={title}>
        {message}
      </Alert>
    </div>
  );
}
