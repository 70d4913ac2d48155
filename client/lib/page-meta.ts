import { useEffect } from 'react';
import { BRAND } from '@shared/brand';

/** Sets the document title ("… | HumanProof") and meta description for the current page. */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = title === BRAND.name ? title : `${title} | ${BRAND.name}`;
    if (description) {
      let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!tag) {
        tag = document.createElement('meta');
        tag.name = 'description';
        document.head.appendChild(tag);
      }
      tag.content = description;
    }
  }, [title, description]);
}
