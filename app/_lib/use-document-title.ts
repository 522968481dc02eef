"use client";
// Keeps the tab's title while the page shows: Next writes the route's metadata title into <head> on a
// client-side navigation, possibly after this page's effect ran, so the title is re-applied whenever
// the head changes (a MutationObserver; setting the same text again changes nothing, so no loop).
import { useEffect } from "react";

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    const apply = () => {
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);
}
