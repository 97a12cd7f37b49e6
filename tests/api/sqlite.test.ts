import { describeApiContract } from "@/tests/api/contract";

describeApiContract("the embedded SQLite store", () => ({}));
