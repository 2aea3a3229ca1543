// react/src/index.ts
import { createElement, forwardRef, useEffect, useImperativeHandle, useRef } from "react";
var defining = null;
function defineReelElements() {
  if (typeof window === "undefined") return Promise.resolve();
  if (!defining) defining = import("@reel/components");
  return defining;
}
function attrName(k) {
  return k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}
function make(tag, displayName) {
  const C = forwardRef(function ReelComponent(props, ref) {
    const el = useRef(null);
    useImperativeHandle(ref, () => el.current, []);
    useEffect(() => {
      void defineReelElements();
    }, []);
    const { on, children, className, style, id, ...rest } = props;
    useEffect(() => {
      const node = el.current;
      if (!node || !on) return;
      const entries = Object.entries(on).filter(([, fn]) => typeof fn === "function");
      entries.forEach(([type, fn]) => node.addEventListener(type, fn));
      return () => entries.forEach(([type, fn]) => node.removeEventListener(type, fn));
    }, [on]);
    const attrs = { ref: el, class: className, style, id };
    for (const [k, v] of Object.entries(rest)) {
      if (v == null || v === false || typeof v === "function") continue;
      attrs[attrName(k)] = v === true ? "" : String(v);
    }
    return createElement(tag, attrs, children);
  });
  C.displayName = displayName;
  return C;
}
var Player = make("reel-player", "Player");
var Clip = make("reel-clip", "Clip");
var Text = make("reel-text", "Text");
var Audio = make("reel-audio", "Audio");
var Upload = make("reel-upload", "Upload");
var List = make("reel-list", "List");
var Files = make("reel-files", "Files");
export {
  Audio,
  Clip,
  Files,
  List,
  Player,
  Text,
  Upload,
  defineReelElements
};
