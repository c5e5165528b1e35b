import type { ClipboardEvent, KeyboardEvent } from "react";

/**
 * Keyboard entry and spreadsheet paste for the gradebook's grid of inputs (`data-row`, `data-col`):
 * Enter and the up/down arrows move along a column, as in a spreadsheet; a block pasted from a
 * spreadsheet (lines, tab-separated cells) fills the grid from the cell it is pasted into.
 */
function cell(table: HTMLElement, row: number, col: number): HTMLInputElement | null {
  return table.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
}

function position(target: EventTarget): { row: number; col: number } | null {
  if (!(target instanceof HTMLInputElement) || target.dataset.row === undefined) return null;
  return { row: Number(target.dataset.row), col: Number(target.dataset.col) };
}

export function onGridKeyDown(event: KeyboardEvent<HTMLElement>) {
  const at = position(event.target);
  if (!at) return;
  const step = event.key === "Enter" || event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
  if (step === 0) return;
  const next = cell(event.currentTarget, at.row + (event.key === "Enter" && event.shiftKey ? -1 : step), at.col);
  event.preventDefault();
  next?.focus();
  next?.select();
}

/** Cells of a pasted block: lines split on newlines, cells on tabs; a trailing empty line is dropped. */
export function pastedCells(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((line) => line.split("\t").map((value) => value.trim()));
}

export function onGridPaste(event: ClipboardEvent<HTMLElement>) {
  const at = position(event.target);
  if (!at) return;
  const block = pastedCells(event.clipboardData.getData("text/plain"));
  if (block.length <= 1 && (block[0]?.length ?? 0) <= 1) return; // one value: the browser pastes it as usual
  event.preventDefault();
  block.forEach((values, rowOffset) =>
    values.forEach((value, colOffset) => {
      const input = cell(event.currentTarget, at.row + rowOffset, at.col + colOffset);
      if (input) input.value = value;
    }),
  );
}
