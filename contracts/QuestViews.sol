// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The views a contract_read quest points at: a stake per pool (two typed arguments), a
/// bool, and a read that always reverts. Anyone may set anything: for tests and local development only.
contract QuestViews {
    mapping(uint256 => mapping(address => uint256)) private stakes;
    mapping(address => bool) public hasVoted;

    function setStake(uint256 poolId, address user, uint256 amount) external {
        stakes[poolId][user] = amount;
    }

    function setVoted(address user, bool voted) external {
        hasVoted[user] = voted;
    }

    function stakeOf(uint256 poolId, address user) external view returns (uint256) {
        return stakes[poolId][user];
    }

    function closedRead(address) external pure returns (uint256) {
        revert("QuestViews: closed");
    }
}
