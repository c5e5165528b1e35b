import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

/**
 * `compression` forwards a response's `drain` listeners to its zlib stream, but not their removal:
 * React Router's streaming waits for `drain` with `once` and removes it with `off` after each write
 * the stream refuses, so each of those left a listener on the stream (« MaxListenersExceededWarning:
 * 11 drain listeners added to [BrotliCompress] » on a long chapter; expressjs/compression#135). This
 * middleware, placed after `compression`, gives the stream a single listener for the response's life
 * and keeps the others on an emitter of its own, where `once` and `off` work.
 */
export function singleDrainListener(_request: Request, response: Response, next: NextFunction) {
  const drains = new EventEmitter();
  const { on, once, removeListener } = response;
  let forwarding = false;
  const forward = () => {
    if (forwarding) return;
    forwarding = true;
    on.call(response, "drain", () => drains.emit("drain"));
  };
  const addDrainListener = function (this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
    if (type !== "drain") return on.call(this, type, listener);
    forward();
    drains.on("drain", listener);
    return this;
  };
  response.on = addDrainListener as Response["on"];
  response.addListener = addDrainListener as Response["addListener"];
  response.once = function (this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
    if (type !== "drain") return once.call(this, type, listener);
    forward();
    drains.once("drain", listener);
    return this;
  } as Response["once"];
  const removeDrainListener = function (this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
    if (type !== "drain") return removeListener.call(this, type, listener);
    drains.removeListener("drain", listener);
    return this;
  };
  response.off = removeDrainListener as Response["off"];
  response.removeListener = removeDrainListener as Response["removeListener"];
  next();
}
