import { Select } from "./field";

interface SearchFilterProps {
  searchLabel: string;
  term: string;
  onTermChange: (term: string) => void;
  placeholder?: string;
  filterLabel: string;
  allLabel: string;
  options: string[];
  value: string;
  onValueChange: (value: string) => void;
}

/** A search box and a category filter side by side (reference, vocabulary lists). */
export function SearchFilter({
  searchLabel,
  term,
  onTermChange,
  placeholder,
  filterLabel,
  allLabel,
  options,
  value,
  onValueChange,
}: SearchFilterProps) {
  return (
    <div className="mt-6 grid gap-3 sm:grid-cols-[minmax(0,1fr)_16rem]" role="search">
      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold">{searchLabel}</span>
        <input
          type="search"
          value={term}
          onChange={(event) => onTermChange(event.target.value)}
          placeholder={placeholder}
          className="min-h-11 rounded-lg border border-border bg-background px-3"
        />
      </label>
      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold">{filterLabel}</span>
        <Select value={value} onChange={(event) => onValueChange(event.target.value)}>
          <option value="">{allLabel}</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </label>
    </div>
  );
}

/** Case- and accent-insensitive form of a text, for searching. */
export const foldForSearch = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
