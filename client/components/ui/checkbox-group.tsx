/** A fieldset of checkboxes, one a value (API key scopes, webhook events): the values ticked, in a list. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (update: (value: T[]) => T[]) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-4 text-sm">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={value.includes(option)}
            onChange={(e) => onChange((s) => (e.target.checked ? [...s, option] : s.filter((x) => x !== option)))}
          />
          <code>{option}</code>
        </label>
      ))}
    </fieldset>
  );
}
