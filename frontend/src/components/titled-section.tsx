import { useId, type ReactNode } from 'react';

interface TitledSectionProps {
  title: ReactNode;
  /** The landmark: a section of the page, or an aside beside its main content. */
  as?: 'section' | 'aside';
  /** The heading's level: h3 for a section inside another's. */
  heading?: 'h2' | 'h3';
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}

/**
 * A region named by its own heading, so that screen readers list it by that name. The id joining them is the
 * page's own (useId): two of these on one page, say two listings' panels, never share one.
 */
export function TitledSection({ title, as: Landmark = 'section', heading: Heading = 'h2', className, titleClassName, children }: TitledSectionProps) {
  const titleId = useId();
  return (
    <Landmark aria-labelledby={titleId} className={className}>
      <Heading id={titleId} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </Landmark>
  );
}
