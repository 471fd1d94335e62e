import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import TokenInput from "./TokenInput.tsx";
import { TokenNamesContext } from "./TokenNamesContext.ts";

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState("");
  return (
    <TokenNamesContext.Provider value={["page name", "Page Type", "site section"]}>
      <label htmlFor="f">Title</label>
      <TokenInput id="f" value={value} onChange={setValue} />
    </TokenNamesContext.Provider>
  );
}

describe("TokenInput", () => {
  it("offers data elements after % and inserts the chosen token with the keyboard", () => {
    render(<Harness />);
    const input = screen.getByRole("combobox", { name: "Title" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    fireEvent.change(input, { target: { value: "Home: %pa" } });
    expect(input.getAttribute("aria-expanded")).toBe("true");
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["%page name%", "%Page Type%"]);
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input).toHaveProperty("value", "Home: %Page Type%");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("says, as advice, when a finished token names no data element", () => {
    render(<Harness />);
    const input = screen.getByRole("combobox", { name: "Title" });
    fireEvent.change(input, { target: { value: "%page name% / %pagename% / 50% off" } });
    expect(screen.getByText(/names no data element/).textContent).toBe(
      "%pagename% names no data element: the page gets the text unless custom code sets it with _satellite.setVar.",
    );
    fireEvent.change(input, { target: { value: "%page name% / 50% off" } });
    expect(screen.queryByText(/names no data element/)).toBeNull();
  });

  it("closes on Escape and after a finished token", () => {
    render(<Harness />);
    const input = screen.getByRole("combobox", { name: "Title" });
    fireEvent.change(input, { target: { value: "%s" } });
    expect(screen.getAllByRole("option")).toHaveLength(1);
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    fireEvent.change(input, { target: { value: "%site section% " } });
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("accepts an option with the mouse", () => {
    render(<Harness />);
    const input = screen.getByRole("combobox", { name: "Title" });
    fireEvent.change(input, { target: { value: "%" } });
    fireEvent.mouseDown(screen.getByRole("option", { name: "%site section%" }));
    expect(input).toHaveProperty("value", "%site section%");
  });
});
