import { type Person, SOCIAL_NETWORKS, type SocialNetwork } from '@parley/contract';
import { cn } from '@/lib/utils';
import { SOCIAL_LABELS, socialHref } from '../lib/person-form';

// lucide-react ships no brand logos, so each network gets a small lettered mark in its colour.
const MARKS: Record<SocialNetwork, { text: string; className: string }> = {
  linkedin: { text: 'in', className: 'bg-[#0A66C2] text-white' },
  twitter: { text: 'X', className: 'bg-neutral-900 text-white' },
  facebook: { text: 'f', className: 'bg-[#1877F2] text-white' },
  instagram: { text: 'IG', className: 'bg-[#E1306C] text-white' },
  github: { text: 'GH', className: 'bg-neutral-800 text-white' },
};

export function SocialLinks({
  person,
  size = 'sm',
}: {
  person: Pick<Person, 'name' | 'socialMedia'>;
  size?: 'sm' | 'md';
}) {
  const links = SOCIAL_NETWORKS.filter((network) => person.socialMedia?.[network]?.trim());
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5">
      {links.map((network) => (
        <li key={network}>
          <a
            href={socialHref(network, person.socialMedia![network]!)}
            target="_blank"
            rel="noopener noreferrer"
            title={SOCIAL_LABELS[network]}
            onClick={(event) => event.stopPropagation()}
            className={cn(
              'inline-flex items-center justify-center rounded-md font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              size === 'sm' ? 'size-6 text-[10px]' : 'size-8 text-xs',
              MARKS[network].className,
            )}
          >
            <span aria-hidden="true">{MARKS[network].text}</span>
            <span className="sr-only">
              {person.name} on {SOCIAL_LABELS[network]}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
