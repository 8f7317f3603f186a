import { Fragment } from 'react';
import { Link } from 'react-router';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';

export interface BreadcrumbTrailLink {
  label: string;
  to: string;
  /** Cut a long label (a user-given name) to one line with an ellipsis. */
  truncate?: boolean;
}

/** A detail page's trail: links to the screens above it, then the current page (which always truncates). */
export function PageBreadcrumb({
  links,
  current,
  className,
}: {
  links: BreadcrumbTrailLink[];
  current: string;
  className?: string;
}) {
  return (
    <Breadcrumb className={className}>
      <BreadcrumbList>
        {links.map((link) => (
          <Fragment key={link.to}>
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to={link.to} className={link.truncate ? 'truncate' : undefined}>
                  {link.label}
                </Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbSeparator />
          </Fragment>
        ))}
        <BreadcrumbItem>
          <BreadcrumbPage>{current}</BreadcrumbPage>
        </BreadcrumbItem>
      </BreadcrumbList>
    </Breadcrumb>
  );
}
