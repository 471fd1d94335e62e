/**
 * What SchemaField hands a control that edits one setting: its element id, the value, where
 * changes go, and the ids of the texts that describe it (hints, problems).
 */
export interface WidgetProps<T = unknown, Out = T> {
  id: string;
  value: T;
  onChange: (value: Out) => void;
  readOnly?: boolean;
  describedBy?: string;
}
