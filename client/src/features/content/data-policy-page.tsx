import { DATA_POLICY_EFFECTIVE_DATE, DATA_POLICY_SECTIONS } from './data-policy-sections';
import { ContentLayout } from './content-layout';

export function DataPolicyPage() {
  return (
    <ContentLayout
      title="Política de tratamiento de datos personales"
      lead="En Enzo cuidamos tu información tanto como tú cuidas a tu mascota. Aquí te contamos qué datos recolectamos, para qué los usamos y cómo puedes ejercer tus derechos, conforme a la Ley 1581 de 2012 y el Decreto 1377 de 2013."
      meta={`Vigente desde el ${DATA_POLICY_EFFECTIVE_DATE}.`}
      sections={DATA_POLICY_SECTIONS}
    />
  );
}
