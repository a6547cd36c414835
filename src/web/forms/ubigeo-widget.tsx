/**
 * A district chosen as people know it: department, then province, then district, from the
 * service's ubigeo catalogs (`/kong/ubigeo/depar`, `prov/{id}`, `dist/{id}`). The field's value
 * is the district's INEI ubigeo (DDPPDD, 6 digits); the field's own label names the district
 * select, and the two selects before it carry their own labels. Use with
 * `"ui:widget": "ubigeo"` on a string field.
 */
import { useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useCatalog } from '../views/use-catalog.ts';
import type { Option } from '../views/catalog-fetch.ts';
import { ariaFor, formText, visibleErrors } from './form-context.ts';

export function UbigeoWidget(props: WidgetProps) {
  const { id, htmlName, required, disabled, readonly, onChange, onBlur, registry, rawErrors } = props;
  const value = typeof props.value === 'string' && /^\d{6}$/.test(props.value) ? props.value : '';
  const [departamento, setDepartamento] = useState(value.slice(0, 2));
  const [provincia, setProvincia] = useState(value.slice(0, 4));
  const departments = useCatalog('/kong/ubigeo/depar');
  const provinces = useCatalog(departamento ? `/kong/ubigeo/prov/${encodeURIComponent(departamento)}` : null);
  const districts = useCatalog(provincia ? `/kong/ubigeo/dist/${encodeURIComponent(provincia)}` : null);
  const errors = visibleErrors(registry, id, rawErrors);
  const off = disabled || readonly;
  const choose = formText(registry, 'view.choose');

  const select = (
    selectId: string,
    current: string,
    options: Option[],
    change: (v: string) => void,
    extra: Record<string, unknown> = {},
  ) => (
    <select
      id={selectId}
      className="lf-input lf-select"
      value={current}
      disabled={off || options.length === 0}
      onChange={({ target }: ChangeEvent<HTMLSelectElement>) => change(target.value)}
      {...extra}
    >
      <option value="">{choose}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );

  return (
    <div className="lf-ubigeo">
      <label className="lf-label" htmlFor={`${id}-departamento`}>
        {formText(registry, 'view.summary.departamento')}
      </label>
      {select(`${id}-departamento`, departamento, departments.options, (v) => {
        setDepartamento(v);
        setProvincia('');
        onChange(undefined);
      })}
      <label className="lf-label" htmlFor={`${id}-provincia`}>
        {formText(registry, 'view.summary.provincia')}
      </label>
      {select(`${id}-provincia`, provincia, provinces.options, (v) => {
        setProvincia(v);
        onChange(undefined);
      })}
      {select(id, value, districts.options, (v) => onChange(v === '' ? undefined : v), {
        name: htmlName || id,
        required,
        onBlur: ({ target }: ChangeEvent<HTMLSelectElement>) => onBlur(id, target.value),
        ...ariaFor(id, errors, false),
      })}
    </div>
  );
}
