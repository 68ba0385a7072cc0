import { useId, type ReactNode } from 'react';
import './content.css';

export interface ContentSection {
  /** Stable slug, used for the section anchor (`#id`). */
  id: string;
  heading: string;
  body: ReactNode;
}

export interface ContentLayoutProps {
  title: string;
  lead?: ReactNode;
  /** Small print under the lead, e.g. the last update date. */
  meta?: ReactNode;
  sections?: readonly ContentSection[];
  /** Extra content rendered after the sections (e.g. calls to action). */
  children?: ReactNode;
}

/** Shared article layout for static content pages: one h1, optional lead, h2 sections. */
export function ContentLayout({ title, lead, meta, sections = [], children }: ContentLayoutProps) {
  const titleId = useId();
  return (
    <article className="content-page" aria-labelledby={titleId}>
      <header className="content-page__header">
        <h1 id={titleId} className="content-page__title">
          {title}
        </h1>
        {lead ? <p className="content-page__lead">{lead}</p> : null}
        {meta ? <p className="content-page__meta">{meta}</p> : null}
      </header>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="content-page__section"
          aria-labelledby={`${section.id}-heading`}
        >
          <h2 id={`${section.id}-heading`} className="content-page__heading">
            {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
      {children}
    </article>
  );
}
