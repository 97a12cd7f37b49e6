"use client";

import { useCallback, useLayoutEffect, useRef } from "react";

const MOVE = "transform 500ms cubic-bezier(0.2, 0, 0, 1)";
const ENTER = "opacity 400ms ease-out";

function reducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The row's layout position in its container (a tbody): what else the page shows above does not move it. */
function topOf(element: HTMLElement): number {
  const parent = element.parentElement;
  return element.offsetTop - (parent && parent.offsetParent === element.offsetParent ? parent.offsetTop : 0);
}

/**
 * FLIP for a list of rows keyed by id: after each commit in which `list` changed, a row whose
 * layout position moved starts where it was (an inverted transform) and slides to where it is
 * now; a row new to the list fades in. Positions are offsetTops in the row's container, which
 * neither scrolling nor a running transform changes. Nothing moves under prefers-reduced-motion.
 *
 * Returns the ref callback to put on each row, by id.
 */
export function useFlip(list: unknown): (id: string) => (element: HTMLElement | null) => void {
  const elements = useRef(new Map<string, HTMLElement>());
  const tops = useRef<Map<string, number> | null>(null);
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());

  const rowRef = useCallback((id: string) => {
    let ref = refs.current.get(id);
    if (!ref) {
      ref = (element) => {
        if (element) elements.current.set(id, element);
        else {
          elements.current.delete(id);
          refs.current.delete(id);
        }
      };
      refs.current.set(id, ref);
    }
    return ref;
  }, []);

  useLayoutEffect(() => {
    const before = tops.current;
    const now = new Map<string, number>();
    for (const [id, element] of elements.current) now.set(id, topOf(element));
    tops.current = now;
    // The first paint, or nothing to animate.
    if (!before || reducedMotion()) return;

    const moved: HTMLElement[] = [];
    const entered: HTMLElement[] = [];
    for (const [id, element] of elements.current) {
      const was = before.get(id);
      const top = now.get(id)!;
      if (was === undefined) {
        element.style.transition = "none";
        element.style.opacity = "0";
        entered.push(element);
      } else if (was !== top) {
        element.style.transition = "none";
        element.style.transform = `translateY(${was - top}px)`;
        moved.push(element);
      }
    }
    const first = moved[0] ?? entered[0];
    if (!first) return;
    // One forced style read: the browser takes the inverted state as the start of the transitions.
    void first.getBoundingClientRect();
    for (const element of moved) {
      element.style.transition = MOVE;
      element.style.transform = "";
    }
    for (const element of entered) {
      element.style.transition = ENTER;
      element.style.opacity = "";
    }
  }, [list]);

  return rowRef;
}
