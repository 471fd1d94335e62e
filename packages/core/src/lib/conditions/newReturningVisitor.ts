import visitor from "../helpers/visitorTracking.ts";

/** Core condition "New/Returning Visitor": new means this is the visitor's first session. */
export default function newReturningVisitor(settings: { isNewVisitor?: boolean }): boolean {
  return visitor.getIsNewVisitor() === Boolean(settings.isNewVisitor);
}
