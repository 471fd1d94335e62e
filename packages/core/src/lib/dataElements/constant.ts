/** Core data element "Constant": the configured value. */
export default function constant(settings: { value?: unknown }): unknown {
  return settings.value;
}
