import { Instagram, Linkedin, Youtube } from "lucide-react";

const icons = { Instagram, LinkedIn: Linkedin, YouTube: Youtube } as const;

export function SocialLinks({ social }: { social: { network: string; url: string }[] }) {
  return (
    <ul className="flex items-center gap-1" aria-label="Réseaux sociaux">
      {social.map(({ network, url }) => {
        const Icon = icons[network as keyof typeof icons];
        return (
          <li key={network}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${network} (nouvel onglet)`}
              className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-muted"
            >
              {Icon ? <Icon aria-hidden="true" className="size-5" /> : network}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
