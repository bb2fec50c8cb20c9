// A required group of checkboxes drawn as chips that wrap (the profile's industries and languages), with its message.
import type { UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { profileFormSchema } from '#shared/profile.ts';
import { useOptionText } from '@/lib/option-text';

export function CheckboxGroup({ name, options, register, error, label }: {
  name: 'industries' | 'languages';
  options: readonly string[];
  register: UseFormRegister<z.input<typeof profileFormSchema>>;
  error?: string;
  label: string;
}) {
  const { optionText } = useOptionText();
  const errorId = `${name}-error`;
  return (
    <div role="group" aria-labelledby={`${name}-label`} aria-describedby={error ? errorId : undefined} className="space-y-2">
      <p id={`${name}-label`} className="text-sm font-medium text-slate-800">
        {label}
        <span aria-hidden="true" className="ms-0.5 text-red-700">
          *
        </span>
      </p>
      {/* Chips that wrap: nineteen choices fit a phone's screen instead of running down three. */}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50">
            <input type="checkbox" value={option} className="h-5 w-5 accent-brand-700" {...register(name)} />
            {optionText(name, option)}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
