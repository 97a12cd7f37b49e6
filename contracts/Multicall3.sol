// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice aggregate3 of Multicall3 (github.com/mds1/multicall, MIT), with the same ABI and
/// semantics, so tests can give a local chain the Multicall3 that real networks have.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            Call3 calldata call = calls[i];
            (bool success, bytes memory ret) = call.target.call(call.callData);
            require(success || call.allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }
}
