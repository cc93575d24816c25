import type { ReactNode } from 'react';

export interface LegalSection {
  /** The anchor of the section (unique on the page), e.g. 'userGuidelines'. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDoc {
  title: string;
  summary: ReactNode;
  sections: LegalSection[];
}
