import type { SummaryTemplate } from '@parley/contract';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** One template: its sections in order; the built-in one can only be copied. */
export function TemplateCard({
  template,
  onEdit,
  onCopy,
  onDelete,
}: {
  template: SummaryTemplate;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}) {
  const titleId = `template-${template._id}-name`;
  return (
    <article aria-labelledby={titleId} className="bg-card grid gap-3 rounded-xl border p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <h2 id={titleId} className="font-semibold wrap-anywhere">
            {template.name}
          </h2>
          {template.builtIn && <Badge variant="secondary">Built-in</Badge>}
        </div>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={onCopy} aria-label={`Duplicate ${template.name}`}>
            <Copy aria-hidden="true" />
            <span className="max-sm:sr-only">Duplicate</span>
          </Button>
          {!template.builtIn && (
            <>
              <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${template.name}`}>
                <Pencil aria-hidden="true" />
                <span className="max-sm:sr-only">Edit</span>
              </Button>
              <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${template.name}`}>
                <Trash2 aria-hidden="true" />
                <span className="max-sm:sr-only">Delete</span>
              </Button>
            </>
          )}
        </div>
      </div>
      <ol className="grid gap-1.5 text-sm" aria-label={`Sections of ${template.name}`}>
        {template.sections.map((section, index) => (
          // Headings may repeat; the position makes the key unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id of their own
          <li key={index} className="grid">
            <span className="font-medium wrap-anywhere">{section.heading}</span>
            {section.instruction && (
              <span className="text-muted-foreground text-xs wrap-anywhere">{section.instruction}</span>
            )}
          </li>
        ))}
      </ol>
      {template.builtIn && (
        <p className="text-muted-foreground text-xs">
          The built-in template can't be changed: duplicate it to adapt it.
        </p>
      )}
    </article>
  );
}
