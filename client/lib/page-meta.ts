import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { documentTitle, findPageRoute } from '@shared/routes';

/**
 * Sets the document title and meta description: from the route table (shared/routes.ts) for the current path,
 * or the values given, for pages whose title depends on their data (a blog post, the 404 page).
 */
export function usePageMeta(title?: string, description?: string): void {
  const [location] = useLocation();
  const route = title === undefined ? findPageRoute(location) : undefined;
  const finalTitle = title ?? route?.title;
  const finalDescription = description ?? route?.description;
  useEffect(() => {
    if (finalTitle) document.title = documentTitle(finalTitle);
    if (finalDescription) {
      let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!tag) {
        tag = document.createElement('meta');
        tag.name = 'description';
        document.head.appendChild(tag);
      }
      tag.content = finalDescription;
    }
  }, [finalTitle, finalDescription]);
}
